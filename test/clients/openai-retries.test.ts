import { setupServer } from 'msw/node';
import OpenAI from 'openai';
import { describe, expect, test } from 'vitest';
import { createGatewayTest } from '../../src/vitest/create-gateway-test.ts';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.ts';
import { startServer } from '../../src/adapter/node/create-server.ts';

/**
 * The openai SDK at its DEFAULT settings (2 retries, its own backoff, honouring retry-after-ms)
 * against a scripted one-time 503 followed by success: in every mode it must retry and complete,
 * fast. Before the fix, msw mode hung forever (the SDK cancels the error body before retrying,
 * see test/msw/cancel-hang.test.ts) and the port took 30 s (Retry-After: 30).
 */
const MODEL = 'openai/gpt-4o-mini';
const BUDGET_MS = 5_000;

function scriptOne503(gateway: Pick<Gateway, 'script'>) {
  gateway.script({ id: 'one-503', match: {}, reply: { type: 'error', status: 503 }, times: 1 });
}

async function retryOnce(client: OpenAI, stream: boolean): Promise<{ ms: number; text: string }> {
  const started = performance.now();
  let text: string;
  if (stream) {
    const events = await client.responses.create({ model: MODEL, input: 'Say hello.', stream: true });
    text = '';
    for await (const event of events) if (event.type === 'response.output_text.delta') text += event.delta;
  } else {
    text = (await client.responses.create({ model: MODEL, input: 'Say hello.' })).output_text;
  }
  return { ms: performance.now() - started, text };
}

const statuses = (gateway: Gateway) => gateway.control.requests().map((e) => e.status);

describe.each([false, true])('openai SDK default retries, stream: %s', (stream) => {
  test('msw mode: setupServer(...gateway.handlers)', { timeout: 10_000 }, async () => {
    const gateway = createGateway({ baseUrl: 'http://retries.gateway.test/api/v1' });
    scriptOne503(gateway);
    const server = setupServer(...gateway.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const { ms, text } = await retryOnce(new OpenAI({ baseURL: gateway.baseUrl, apiKey: 'sk-gw-test' }), stream);
      expect(text.length).toBeGreaterThan(0);
      expect(statuses(gateway)).toEqual([503, 200]);
      expect(ms).toBeLessThan(BUDGET_MS);
    } finally {
      server.close();
    }
  });

  test('through gateway.fetch (no interception)', { timeout: 10_000 }, async () => {
    const gateway = createGateway({ baseUrl: 'http://fetch.gateway.test/api/v1' });
    scriptOne503(gateway);
    const client = new OpenAI({ baseURL: gateway.baseUrl, apiKey: 'sk-gw-test', fetch: gateway.fetch });
    const { ms, text } = await retryOnce(client, stream);
    expect(text.length).toBeGreaterThan(0);
    expect(statuses(gateway)).toEqual([503, 200]);
    expect(ms).toBeLessThan(BUDGET_MS);
  });

  test('over a port (gatewaykit serve)', { timeout: 10_000 }, async () => {
    const running = await startServer({ port: 0 });
    try {
      scriptOne503(running.gateway);
      const { ms, text } = await retryOnce(new OpenAI({ baseURL: running.baseUrl, apiKey: 'sk-gw-test' }), stream);
      expect(text.length).toBeGreaterThan(0);
      expect(statuses(running.gateway)).toEqual([503, 200]);
      expect(ms).toBeLessThan(BUDGET_MS);
    } finally {
      await running.close();
    }
  });
});

const fixtureTest = createGatewayTest();
describe('openai SDK default retries in the vitest fixture', () => {
  fixtureTest('msw mode fixture: a scripted 503 then success', { timeout: 10_000 }, async ({ gateway }) => {
    scriptOne503(gateway.core);
    const { ms, text } = await retryOnce(new OpenAI({ baseURL: gateway.baseUrl, apiKey: gateway.apiKey }), false);
    expect(text.length).toBeGreaterThan(0);
    expect(gateway.requests().map((e) => e.status)).toEqual([503, 200]);
    expect(ms).toBeLessThan(BUDGET_MS);
  });

  fixtureTest('a forced 429 on every attempt: the SDK retries twice, quickly, then surfaces the 429', { timeout: 10_000 }, async ({ gateway }) => {
    const client = new OpenAI({ baseURL: gateway.baseUrl, apiKey: gateway.apiKey, defaultHeaders: gateway.forceStatus(429) });
    const started = performance.now();
    await expect(client.responses.create({ model: MODEL, input: 'x' })).rejects.toMatchObject({ status: 429 });
    expect(performance.now() - started).toBeLessThan(BUDGET_MS);
    expect(gateway.requests().map((e) => e.status)).toEqual([429, 429, 429]);
  });
});
