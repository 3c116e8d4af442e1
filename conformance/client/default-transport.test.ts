import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultTransport } from './default-transport.ts';

const DISPATCHER = Symbol.for('undici.globalDispatcher.1');
const globals = globalThis as unknown as Record<symbol, unknown>;
const saved = globals[DISPATCHER];

afterEach(() => {
  vi.unstubAllGlobals();
  globals[DISPATCHER] = saved;
});

/** A stand-in for Node's fetch: a function named `fetch` that records the URLs it was given. */
function recordingFetch(seen: string[]) {
  return async function fetch(input: string | URL | Request) {
    seen.push(String(input));
    return new Response('from fetch');
  };
}

async function answerOnce(transport: Awaited<ReturnType<typeof defaultTransport>>): Promise<string> {
  const server = createServer((_req, res) => res.end('from the network'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const answer = await transport.send(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
      method: 'GET',
      headers: new Headers(),
      body: undefined,
      signal: new AbortController().signal,
    });
    const parts: Uint8Array[] = [];
    for await (const chunk of answer.body ?? []) parts.push(chunk);
    return Buffer.concat(parts).toString();
  } finally {
    transport.close();
    server.close();
  }
}

describe('the default transport', () => {
  it('is node:http when the global fetch is a plain fetch', async () => {
    const seen: string[] = [];
    vi.stubGlobal('fetch', recordingFetch(seen));
    expect(await answerOnce(await defaultTransport(undefined))).toBe('from the network');
    expect(seen).toEqual([]);
  });

  it('is the global fetch when it was replaced (a stub, msw) or a global dispatcher routes it (MockAgent, ProxyAgent)', async () => {
    const seen: string[] = [];
    vi.stubGlobal('fetch', async (input: string) => recordingFetch(seen)(input));
    expect(await answerOnce(await defaultTransport(undefined))).toBe('from fetch');
    vi.stubGlobal('fetch', recordingFetch(seen));
    globals[DISPATCHER] = new (class MockAgent {})();
    expect(await answerOnce(await defaultTransport(undefined))).toBe('from fetch');
    expect(seen).toHaveLength(2);
  });

  it('is the given fetch when there is one', async () => {
    const seen: string[] = [];
    expect(await answerOnce(await defaultTransport(recordingFetch(seen)))).toBe('from fetch');
    expect(seen).toHaveLength(1);
  });
});
