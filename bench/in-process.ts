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
  /** µs per request of the first {@link COLD_REQUESTS} gateway.fetch calls of a fresh gateway (V8 still compiling). */
  coldUs: number;
  coldRequests: number;
  /** µs per request calling gateway.fetch in the same process after the msw rounds. */
  afterMswUs: number;
  requests: number;
}

/**
 * Send `call` in batches of {@link WARM_BATCH} until two batches in a row take within 10% of each
 * other's time (V8 has stopped compiling the path), after at least `least` requests and at most
 * {@link WARM_MOST}: the warm-up of a benchmark harness (JMH's, say), not a fixed count.
 */
async function warmUp(call: () => Promise<Response>, least: number): Promise<void> {
  let previous = Infinity;
  for (let sent = 0; sent < WARM_MOST;) {
    const started = performance.now();
    for (let i = 0; i < WARM_BATCH; i++) await (await call()).text();
    const took = performance.now() - started;
    sent += WARM_BATCH;
    if (sent >= least && Math.abs(took - previous) <= 0.1 * Math.min(took, previous)) return;
    previous = took;
  }
}
const WARM_BATCH = 500;
const WARM_MOST = 20_000;

/** The requests timed as the cold start of a fresh gateway. */
export const COLD_REQUESTS = 200;

/** The request a user sends first: a default model, a short input, the generated reply. */
export const DEFAULT_REQUEST = { model: 'openai/gpt-4o-mini', input: 'Write one sentence about the sea.' };

/**
 * The test-dependency use: the default non-streaming request N times in sequence, straight into
 * gateway.fetch, through msw's interception of global fetch with gatewaykit's handlers, and
 * through msw with a plain handler that returns gatewaykit's answer bytes (what msw itself costs).
 * Medians of `rounds` rounds: gateway.fetch's first, then msw's two paths interleaved, then
 * gateway.fetch again after them. Each path is first warmed up until it runs steadily ({@link warmUp}),
 * so a round times code V8 has finished compiling: after a warm-up of 200 requests the first
 * thousands still ran partly unoptimised, at two to four times the steady cost. The first
 * {@link COLD_REQUESTS} calls of the fresh gateway are timed apart, as the cold start a short
 * test file sees.
 */
export async function measureInProcess(createGateway: typeof CreateGateway, requests: number, rounds: number): Promise<InProcessResult> {
  const url = 'http://bench.test/api/v1/responses';
  const gateway = createGateway({ baseUrl: 'http://bench.test/api/v1' });
  const init = () => ({
    method: 'POST',
    headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
    body: JSON.stringify(DEFAULT_REQUEST),
  });
  const coldStarted = performance.now();
  for (let i = 0; i < COLD_REQUESTS; i++) await (await gateway.fetch('/responses', init())).text();
  const coldUs = ((performance.now() - coldStarted) * 1000) / COLD_REQUESTS;
  const fixed = await (await gateway.fetch('/responses', init())).text();
  let cpuUs = 0;
  const warmedUp = new Set<string>();
  async function timeIt(call: () => Promise<Response>, path: string): Promise<number> {
    if (!warmedUp.has(path)) {
      warmedUp.add(path);
      await warmUp(call, requests);
    }
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
      return await timeIt(() => fetch(url, init()), server === gatewayServer ? 'msw' : 'plain');
    } finally {
      server.close();
    }
  };
  const gatewayServer = setupServer(...gateway.handlers);
  const plainServer = setupServer(
    http.post(url, async ({ request }) => {
      await request.text();
      return new HttpResponse(fixed, { headers: { 'content-type': 'application/json' } });
    }),
  );
  // gateway.fetch alone first, as a process that only calls it runs it; then msw's two paths,
  // interleaved with each other (their difference is the figure), then gateway.fetch once more
  // in the process msw has run in (it leaves call sites that have seen both kinds of Request and
  // a larger heap behind, which slows the direct path: reported apart).
  for (let r = 0; r < rounds; r++) {
    direct.push(await timeIt(() => gateway.fetch('/responses', init()), 'direct'));
    directCpu.push(cpuUs);
  }
  for (let r = 0; r < rounds; r++) {
    msw.push(await viaMsw(gatewayServer));
    plainMsw.push(await viaMsw(plainServer));
  }
  const afterMsw: number[] = [];
  for (let r = 0; r < rounds; r++) afterMsw.push(await timeIt(() => gateway.fetch('/responses', init()), 'direct'));
  return {
    directUs: median(direct),
    mswUs: median(msw),
    plainMswUs: median(plainMsw),
    directCpuUs: median(directCpu),
    afterMswUs: median(afterMsw),
    coldUs,
    coldRequests: COLD_REQUESTS,
    requests,
  };
}
