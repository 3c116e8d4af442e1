import { describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/index.ts';
import { createGateway, type Gateway } from '../src/gateway/create-gateway.ts';
import { startServer } from '../src/adapter/node/create-server.ts';
import { request as httpRequest } from 'node:http';

/**
 * issue 40 item 3: a stream the client leaves is recorded `cancelled: true` and charged for what
 * it was handed (its prompt, and the share of the completion in the events sent), never in full;
 * a stream read to its end is charged in full. Judged through the gateway's own API
 * (`GET /generation`, `GET /key`), in-process and over a real port.
 */
const TEXT = 'The river ran on past the mill and the town, under bridges and over weirs. '.repeat(40);
const HEADERS = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };

interface GenerationData {
  cancelled: boolean;
  tokens_completion: number;
  tokens_prompt: number;
  total_cost: number;
  finish_reason: string | null;
}

async function generation(gateway: Gateway, id: string): Promise<GenerationData> {
  const res = await gateway.fetch(`/generation?id=${id}`, { headers: HEADERS });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: GenerationData }).data;
}

async function usage(gateway: Gateway): Promise<number> {
  return ((await (await gateway.fetch('/key', { headers: HEADERS })).json()) as { data: { usage: number } }).data.usage;
}

function streamRequest(gateway: Gateway, surface: 'responses' | 'chat', extra: Record<string, string> = {}): Promise<Response> {
  const body =
    surface === 'responses'
      ? { model: 'openai/gpt-4o-mini', input: 'Tell me about the river', stream: true }
      : { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Tell me about the river' }], stream: true };
  return gateway.fetch(surface === 'responses' ? '/responses' : '/chat/completions', {
    method: 'POST',
    headers: { ...HEADERS, ...extra },
    body: JSON.stringify(body),
  });
}

describe.each(['responses', 'chat'] as const)('cancelled streams on %s (in-process)', (surface) => {
  it('a stream read to its end is recorded whole and charged in full', async () => {
    const gateway = createGateway({ clock: virtualClock(), scripts: [{ reply: { type: 'text', text: TEXT } }] });
    const res = await streamRequest(gateway, surface);
    await res.text();
    const record = await generation(gateway, res.headers.get('x-generation-id')!);
    expect(record.cancelled).toBe(false);
    expect(record.tokens_completion).toBeGreaterThan(100);
    expect(await usage(gateway)).toBeCloseTo(record.total_cost, 12);
  });

  it('a stream left after its first chunk is recorded cancelled and charged its prompt plus the share sent', async () => {
    const whole = createGateway({ clock: virtualClock(), scripts: [{ reply: { type: 'text', text: TEXT } }] });
    const full = await streamRequest(whole, surface);
    await full.text();
    const fullRecord = await generation(whole, full.headers.get('x-generation-id')!);

    const gateway = createGateway({ clock: virtualClock(), scripts: [{ reply: { type: 'text', text: TEXT } }] });
    const res = await streamRequest(gateway, surface);
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    const record = await generation(gateway, res.headers.get('x-generation-id')!);
    expect(record.cancelled).toBe(true);
    expect(record.finish_reason).toBeNull();
    expect(record.tokens_prompt).toBe(fullRecord.tokens_prompt);
    expect(record.tokens_completion).toBeLessThan(fullRecord.tokens_completion / 4);
    expect(record.total_cost).toBeLessThan(fullRecord.total_cost);
    expect(record.total_cost).toBeGreaterThan(0);
    expect(await usage(gateway)).toBeCloseTo(record.total_cost, 12);
  });

  it('a paced stream (realistic timing) left mid-way is charged for the events it was handed', async () => {
    const clock = virtualClock();
    const gateway = createGateway({ clock, timing: 'realistic', scripts: [{ reply: { type: 'text', text: TEXT } }] });
    const res = await streamRequest(gateway, surface);
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    const record = await generation(gateway, res.headers.get('x-generation-id')!);
    expect(record.cancelled).toBe(true);
    expect(record.tokens_completion).toBeLessThan(50);
    expect(await usage(gateway)).toBeCloseTo(record.total_cost, 12);
  });
});

describe('cancelled streams over a real port', () => {
  it('a client that closes its socket mid-stream is charged for what was written before it left', async () => {
    const clock = virtualClock();
    // A reply of about 6,000 tokens: some five minutes on the clock at the endpoint's speed.
    const server = await startServer({ port: 0, clock, timing: 'realistic', scripts: [{ reply: { type: 'text', text: TEXT.repeat(10) } }] });
    try {
      const url = new URL(`${server.baseUrl}/responses`);
      const id = await new Promise<string>((resolve, reject) => {
        const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: HEADERS }, (res) => {
          // The first event is out: leave.
          res.once('data', () => {
            resolve(String(res.headers['x-generation-id']));
            req.destroy();
          });
        });
        req.on('error', () => undefined);
        req.end(JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'Tell me about the river', stream: true }));
        setTimeout(() => reject(new Error('no first event')), 20_000).unref();
      });
      // The server sees the client gone when a write fails (half-open connections are allowed:
      // a FIN alone is not a leave), so the paced stream is moved on, one virtual second at a time,
      // until the answer is settled: read through the gateway's own API.
      let record: GenerationData | undefined;
      for (let i = 0; i < 400 && record === undefined; i++) {
        await clock.advance(1_000);
        await new Promise((r) => setTimeout(r, 10));
        const res = await server.gateway.fetch(`/generation?id=${id}`, { headers: HEADERS });
        if (res.status === 200) record = ((await res.json()) as { data: GenerationData }).data;
      }
      expect(record?.cancelled).toBe(true);
      expect(record?.tokens_completion).toBeLessThan(3_000);
    } finally {
      await server.close();
    }
  }, 30_000);
});
