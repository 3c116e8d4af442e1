import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import { createGatewayTest } from '../../src/vitest/create-gateway-test.ts';

/**
 * The fixture on the user's own msw server: their handlers keep matching, their resetHandlers()
 * does not unhook the gateway, tests add handlers of their own, and scripts are one call away.
 */
const server = setupServer(http.get('https://weather.test/now', () => HttpResponse.json({ city: 'Oslo', celsius: 4 })));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const test = createGatewayTest({ server });
const BODY = JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'Hello' });

describe('createGatewayTest({ server })', () => {
  test('the gateway answers at its origin and the user handler keeps answering its own URL', async ({ gateway }) => {
    const res = await gateway.fetch('/responses', { method: 'POST', headers: gateway.headers(), body: BODY });
    expect(res.status).toBe(200);
    expect(await (await fetch('https://weather.test/now')).json()).toEqual({ city: 'Oslo', celsius: 4 });
    expect(gateway.requests()).toHaveLength(1);
  });

  test('after the user reset handlers (afterEach), the next test still reaches its gateway', async ({ gateway }) => {
    expect((await gateway.fetch('/models', { headers: gateway.headers() })).status).toBe(200);
  });

  test('an unhandled URL still meets the server policy (onUnhandledRequest: error), not the gateway', async ({ gateway }) => {
    await expect(fetch('https://nowhere.test/x')).rejects.toThrow();
    expect(gateway.requests()).toHaveLength(0);
  });

  test('gateway.use(): a handler of this test overrides a gateway path and adds a URL; script() scripts', async ({ gateway }) => {
    gateway.use(
      http.get(`${gateway.baseUrl}/models`, () => HttpResponse.json({ data: [] })),
      http.get('https://weather.test/now', () => HttpResponse.json({ city: 'Paris', celsius: 12 })),
    );
    expect(await (await gateway.fetch('/models', { headers: gateway.headers() })).json()).toEqual({ data: [] });
    expect(await (await fetch('https://weather.test/now')).json()).toEqual({ city: 'Paris', celsius: 12 });
    const handle = gateway.script({ id: 'greet', match: { input: 'Hello' }, reply: { type: 'text', text: 'Scripted hi.' } });
    expect(gateway.scripts().map((s) => s.id)).toEqual(['greet']);
    const body = (await (await gateway.fetch('/responses', { method: 'POST', headers: gateway.headers(), body: BODY })).json()) as {
      output: Array<{ content?: Array<{ text: string }> }>;
    };
    expect(
      body.output
        .flatMap((o) => o.content ?? [])
        .map((c) => c.text)
        .join(''),
    ).toBe('Scripted hi.');
    handle.remove();
    expect(gateway.scripts()).toEqual([]);
  });

  test('handlers added by an earlier test are gone', async ({ gateway }) => {
    expect(await (await fetch('https://weather.test/now')).json()).toEqual({ city: 'Oslo', celsius: 4 });
    const models = (await (await gateway.fetch('/models', { headers: gateway.headers() })).json()) as { data: unknown[] };
    expect(models.data.length).toBeGreaterThan(0);
  });

  test('the user may instead prepend gateway.handlers on their server', async ({ gateway }) => {
    server.use(...gateway.core.handlers);
    expect((await fetch(`${gateway.baseUrl}/models`, { headers: gateway.headers() })).status).toBe(200);
  });

  test('the openai SDK at default retries: a scripted one-time 503, then success, quickly', { timeout: 10_000 }, async ({ gateway }) => {
    gateway.script({ match: {}, reply: { type: 'error', status: 503 }, times: 1 });
    const started = performance.now();
    const response = await new OpenAI({ baseURL: gateway.baseUrl, apiKey: gateway.apiKey }).responses.create({ model: 'openai/gpt-4o-mini', input: 'hi' });
    expect(response.status).toBe('completed');
    expect(gateway.requests().map((e) => e.status)).toEqual([503, 200]);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

const httpMode = createGatewayTest({ mode: 'http' });
httpMode('gateway.use() in http mode is a clear error', async ({ gateway }) => {
  expect(() => gateway.use(http.get('https://x.test', () => HttpResponse.json({})))).toThrow(/http mode/);
});
