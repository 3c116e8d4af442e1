import { fetchTransport } from './fetch-transport.ts';
import { nodeHttpTransport, type ClosableTransport } from './node-http-transport.ts';
import type { FetchLike } from './transport.ts';

/** Node itself, not a runtime that also answers to `process.versions.node` (Bun, Deno). */
function onNode(): boolean {
  const g = globalThis as { process?: { versions?: { node?: string } }; Bun?: unknown; Deno?: unknown };
  return typeof g.process?.versions?.node === 'string' && g.Bun === undefined && g.Deno === undefined;
}

/**
 * Does the global fetch go straight to the network? Not when it was replaced (a stub, a wrapper,
 * msw's interceptor: `globalThis.fetch` is no longer Node's function named `fetch`), nor when a
 * global dispatcher routes it (undici's MockAgent, ProxyAgent: `setGlobalDispatcher`). Then the
 * caller meant requests to go through fetch, and they do.
 */
function plainFetch(): boolean {
  const fetchFn = (globalThis as { fetch?: { name?: string } }).fetch;
  if (typeof fetchFn !== 'function' || fetchFn.name !== 'fetch') return false;
  const dispatcher = (globalThis as Record<symbol, { constructor?: { name?: string } } | undefined>)[Symbol.for('undici.globalDispatcher.1')];
  return dispatcher === undefined || dispatcher.constructor?.name === 'Agent';
}

/**
 * The transport of a run: over the caller's `fetch` when one is given (`gateway.fetch` in-process,
 * a wrapper); else node:http on Node when the global fetch is Node's own, unrouted (see
 * {@link nodeHttpTransport}: cheaper per request than Node's fetch); else the global fetch
 * (browsers, other runtimes, a stubbed or intercepted fetch).
 *
 * @example
 * const transport = await defaultTransport(options.fetch);
 * try { ... } finally { transport.close(); }
 */
export async function defaultTransport(fetchFn: FetchLike | undefined): Promise<ClosableTransport> {
  if (fetchFn) return { send: fetchTransport(fetchFn), close: () => {} };
  if (onNode() && plainFetch()) return nodeHttpTransport();
  return { send: fetchTransport((input, init) => fetch(input, init)), close: () => {} };
}
