import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { createGateway as CreateGateway } from '../src/gateway/create-gateway.ts';
import { median } from './stats.ts';

export interface InProcessResult {
  /** µs per request calling gateway.fetch directly. */
  directUs: number;
  /** µs per request through msw setupServer(...gateway.handlers) + global fetch. */
  mswUs: number;
  /** µs per request through msw setupServer with one plain handler answering the same JSON bytes. */
  plainMswUs: number;
  /** CPU µs per request calling gateway.fetch directly (user + system): robust on a busy machine. */
  directCpuUs: number;
  requests: number;
}

/** The request a user sends first: a default model, a short input, the generated reply. */
export const DEFAULT_REQUEST = { model: 'openai/gpt-4o-mini', input: 'Write one sentence about the sea.' };

/**
 * The test-dependency use: the default non-streaming request N times in sequence, straight into
 * gateway.fetch, through msw's interception of global fetch with gatewaykit's handlers, and
 * through msw with a plain handler that returns gatewaykit's answer bytes (what msw itself costs).
 * Medians of `rounds` rounds.
 */
export async function measureInProcess(createGateway: typeof CreateGateway, requests: number, rounds: number): Promise<InProcessResult> {
  const url = 'http://bench.test/api/v1/responses';
  const gateway = createGateway({ baseUrl: 'http://bench.test/api/v1' });
  const init = () => ({
    method: 'POST',
    headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
    body: JSON.stringify(DEFAULT_REQUEST),
  });
  const fixed = await (await gateway.fetch('/responses', init())).text();
  let cpuUs = 0;
  async function timeIt(call: () => Promise<Response>): Promise<number> {
    for (let i = 0; i < Math.min(200, requests); i++) await (await call()).text(); // warm-up
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < requests; i++) {
      const res = await call();
      if (res.status !== 200) throw new Error(`in-process request failed: ${res.status}`);
      await res.text();
    }
    const used = process.cpuUsage(cpu);
    cpuUs = (used.user + used.system) / requests;
    return ((performance.now() - started) * 1000) / requests;
  }
  const direct: number[] = [];
  const directCpu: number[] = [];
  const msw: number[] = [];
  const plainMsw: number[] = [];
  const viaMsw = async (server: ReturnType<typeof setupServer>) => {
    server.listen({ onUnhandledRequest: 'error' });
    try {
      return await timeIt(() => fetch(url, init()));
    } finally {
      server.close();
    }
  };
  const gatewayServer = setupServer(...gateway.handlers);
  const plainServer = setupServer(http.post(url, async ({ request }) => {
    await request.text();
    return new HttpResponse(fixed, { headers: { 'content-type': 'application/json' } });
  }));
  for (let r = 0; r < rounds; r++) {
    direct.push(await timeIt(() => gateway.fetch('/responses', init())));
    directCpu.push(cpuUs);
    msw.push(await viaMsw(gatewayServer));
    plainMsw.push(await viaMsw(plainServer));
  }
  return { directUs: median(direct), mswUs: median(msw), plainMswUs: median(plainMsw), directCpuUs: median(directCpu), requests };
}
