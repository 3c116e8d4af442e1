import { setupServer } from 'msw/node';
import type { createGateway as CreateGateway } from '../src/gateway/create-gateway.ts';
import { median } from './stats.ts';

export interface InProcessResult {
  /** µs per request calling gateway.fetch directly. */
  directUs: number;
  /** µs per request through msw setupServer + global fetch. */
  mswUs: number;
  /** CPU µs per request calling gateway.fetch directly (user + system): robust on a busy machine. */
  directCpuUs: number;
  requests: number;
}

/**
 * The test-dependency use: the same non-streaming request N times in sequence, through msw's
 * interception of global fetch, and straight into gateway.fetch. Medians of `rounds` rounds.
 */
export async function measureInProcess(createGateway: typeof CreateGateway, text: string, requests: number, rounds: number): Promise<InProcessResult> {
  const gateway = createGateway({ baseUrl: 'http://bench.test/api/v1', scripts: [{ reply: { type: 'text', text } }] });
  const init = () => ({
    method: 'POST',
    headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'openai/gpt-5-mini', input: 'hello bench' }),
  });
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
  const server = setupServer(...gateway.handlers);
  for (let r = 0; r < rounds; r++) {
    direct.push(await timeIt(() => gateway.fetch('/responses', init())));
    directCpu.push(cpuUs);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      msw.push(await timeIt(() => fetch('http://bench.test/api/v1/responses', init())));
    } finally {
      server.close();
    }
  }
  return { directUs: median(direct), mswUs: median(msw), directCpuUs: median(directCpu), requests };
}
