import { fetchTransport } from './fetch-transport.ts';
import { nodeHttpTransport, type ClosableTransport } from './node-http-transport.ts';
import type { FetchLike } from './transport.ts';

/** Node itself, not a runtime that also answers to `process.versions.node` (Bun, Deno). */
function onNode(): boolean {
  const g = globalThis as { process?: { versions?: { node?: string } }; Bun?: unknown; Deno?: unknown };
  return typeof g.process?.versions?.node === 'string' && g.Bun === undefined && g.Deno === undefined;
}

/**
 * The transport of a run: over the caller's `fetch` when one is given (`gateway.fetch` in-process,
 * a wrapper); else node:http on Node (see {@link nodeHttpTransport}: cheaper per request than
 * Node's fetch); else the global fetch (browsers, other runtimes).
 *
 * @example
 * const transport = await defaultTransport(options.fetch);
 * try { ... } finally { transport.close(); }
 */
export async function defaultTransport(fetchFn: FetchLike | undefined): Promise<ClosableTransport> {
  if (fetchFn) return { send: fetchTransport(fetchFn), close: () => {} };
  if (onNode()) return nodeHttpTransport();
  return { send: fetchTransport((input, init) => fetch(input, init)), close: () => {} };
}
