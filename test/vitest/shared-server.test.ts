import OpenAI from 'openai';
import { afterAll, describe, expect } from 'vitest';
import { startServer } from '../../src/adapter/node/create-server.ts';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createSharedGatewayTest } from '../../src/vitest/create-shared-gateway-test.ts';

/**
 * One server for the whole file (as a run's globalSetup would start it), and concurrent tests on
 * it through the shared fixture: each test's X-Test-Id keeps its scripts, faults, credits and
 * journal to itself, and the default scope sees none of it.
 */
const running = await startServer({ port: 0, clock: virtualClock(), catalog: 'small', seed: 9 });
afterAll(() => running.close());
const test = createSharedGatewayTest({ url: () => running.baseUrl });

const TESTS = [1, 2, 3, 4];
// Every test scripts its reply before any test asks: the scopes are all live at once.
let arrived = 0;
let releaseAll!: () => void;
const allScripted = new Promise<void>((resolve) => (releaseAll = resolve));
const barrier = async () => {
  if (++arrived === TESTS.length) releaseAll();
  await allScripted;
};

describe('createSharedGatewayTest: one shared server, concurrent tests', () => {
  for (const n of TESTS) {
    test.concurrent(`test ${n} sees only its own script, fault, credits and journal`, async ({ gateway }) => {
      expect(gateway.scopeId).toContain(`test-${n}-sees-only`);
      await gateway.script({ match: { input: 'who' }, reply: { type: 'text', text: `I am test ${n}.` } });
      await gateway.setCredits({ totalCredits: n });
      if (n === 2) await gateway.failProvider('openai', 503);
      await barrier();

      // A real client at its default settings, with the scope as a default header.
      const client = new OpenAI({ baseURL: gateway.baseUrl, apiKey: gateway.apiKey, defaultHeaders: gateway.scopeHeaders() });
      const reply = await client.responses.create({ model: 'openai/gpt-5-mini', input: 'who are you?' });
      expect(reply.output_text).toBe(`I am test ${n}.`);

      const routed = await gateway.fetch('/responses', {
        method: 'POST',
        headers: gateway.headers({ 'x-gateway-metadata': 'enabled' }),
        body: JSON.stringify({ model: 'openai/gpt-5-mini', input: 'hello', provider: { order: ['openai', 'azure'] } }),
      });
      const attempts = ((await routed.json()) as { gateway_metadata: { attempts: Array<{ provider: string; status: number }> } }).gateway_metadata.attempts;
      expect(attempts.map((a) => `${a.provider}:${a.status}`)).toEqual(n === 2 ? ['OpenAI:503', 'Azure:200'] : ['OpenAI:200']);
      expect(Object.keys(await gateway.providerFaults())).toEqual(n === 2 ? ['openai'] : []);

      const journal = await gateway.requests();
      expect(journal.map((e) => [e.scope, (e.body as { input: string }).input])).toEqual([
        [gateway.scopeId, 'who are you?'],
        [gateway.scopeId, 'hello'],
      ]);
      const credits = await gateway.credits();
      expect(credits.total_credits).toBe(n);
      expect(credits.total_usage).toBeGreaterThan(0);
    });
  }

  test('the default scope saw none of it, and each test had a scope of its own', () => {
    expect(running.gateway.requests()).toEqual([]);
    expect(running.gateway.scripts()).toEqual([]);
    expect(running.gateway.control.providerFaults()).toEqual({});
    expect(running.gateway.control.credits().total_usage).toBe(0);
    const ids = running.gateway.scopeIds().filter((id) => id.includes('sees-only'));
    expect(new Set(ids).size).toBe(TESTS.length);
  });

  test('a scope reset clears that scope only', async ({ gateway }) => {
    await gateway.fetch('/models', { headers: gateway.headers() });
    expect(await gateway.requests()).toHaveLength(1);
    await gateway.reset();
    expect(await gateway.requests()).toEqual([]);
    const other = running.gateway.scopeIds().find((id) => id.includes('test-1-sees-only'))!;
    expect(running.gateway.scope(other).requests()).toHaveLength(2);
  });
});
