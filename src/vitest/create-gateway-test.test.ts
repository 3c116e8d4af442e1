import { describe, expect } from 'vitest';
import { createGatewayTest, gatewayTest } from './index.ts';

// Extended tests with file-scoped fixtures are defined at the top level of a file (vitest rule).
// http mode (a server per test) is tested in test/vitest/http-mode.test.ts (integration).
const seeded = createGatewayTest({ seed: 42 });
const systemTime = createGatewayTest({ clock: 'system' });

const MODEL_REQUEST = JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'Hello' });

describe('gatewayTest (msw mode, the default)', () => {
  const seen = new Map<string, string>();

  // Three concurrent tests, each sending a different number of requests: each journal must hold
  // exactly its own, and each test must have its own base URL.
  for (const n of [1, 2, 3]) {
    gatewayTest.concurrent(`concurrent test ${n} sees only its own ${n} request(s)`, async ({ gateway }) => {
      for (let i = 0; i < n; i++) {
        const res = await gateway.fetch('/responses', { method: 'POST', headers: gateway.headers({ 'x-test': `${n}-${i}` }), body: MODEL_REQUEST });
        expect(res.status).toBe(200);
      }
      const journal = gateway.requests();
      expect(journal).toHaveLength(n);
      expect(journal.map((e) => e.headers['x-test'])).toEqual(Array.from({ length: n }, (_, i) => `${n}-${i}`));
      for (const [other, url] of seen) expect(url, `test ${n} shares a base URL with test ${other}`).not.toBe(gateway.baseUrl);
      seen.set(String(n), gateway.baseUrl);
    });
  }

  gatewayTest('requests go through the global fetch (what real clients use), not a private function', async ({ gateway }) => {
    expect(gateway.baseUrl).toMatch(/^http:\/\/t[0-9a-z]+\.gateway\.test\/api\/v1$/);
    const res = await fetch(`${gateway.baseUrl}/responses`, { method: 'POST', headers: gateway.headers(), body: MODEL_REQUEST });
    expect(res.status).toBe(200);
    expect(gateway.requests()).toHaveLength(1);
  });

  gatewayTest('a fresh gateway has an empty journal and a clock at the virtual epoch', async ({ gateway }) => {
    expect(gateway.requests()).toEqual([]);
    expect(gateway.core.clock.kind).toBe('virtual');
    expect(gateway.now()).toBe(Date.UTC(2026, 0, 1));
  });

  gatewayTest('forceStatus headers produce that documented status with the spec 7 envelope', async ({ gateway }) => {
    for (const status of [429, 503]) {
      const res = await gateway.fetch('/responses', { method: 'POST', headers: gateway.headers(gateway.forceStatus(status)), body: MODEL_REQUEST });
      expect(res.status).toBe(status);
      const body = (await res.json()) as { error: { code: number; message: string } };
      expect(body.error.code).toBe(status);
      expect(typeof body.error.message).toBe('string');
    }
  });

  gatewayTest('missing credentials give 401', async ({ gateway }) => {
    const res = await gateway.fetch('/responses', { method: 'POST', headers: { 'content-type': 'application/json' }, body: MODEL_REQUEST });
    expect(res.status).toBe(401);
  });

  gatewayTest('advance moves only this gateway clock', async ({ gateway }) => {
    const start = gateway.now();
    await gateway.advance(90_000);
    expect(gateway.now() - start).toBe(90_000);
  });

  gatewayTest('failProvider and reset manage provider faults', async ({ gateway }) => {
    gateway.failProvider('openai', 502, 2);
    expect(gateway.providerFaults()).toHaveProperty('openai');
    gateway.reset();
    expect(gateway.providerFaults()).toEqual({});
  });

  gatewayTest('setCredits: a key at its limit gets 402, and credits() shows the usage', async ({ gateway }) => {
    const first = await gateway.fetch('/responses', { method: 'POST', headers: gateway.headers(), body: MODEL_REQUEST });
    const cost = (await first.json()).usage.cost;
    expect(gateway.credits().total_usage).toBeCloseTo(cost, 12);
    gateway.setCredits({ keyLimits: { [gateway.apiKey]: cost } });
    const refused = await gateway.fetch('/responses', { method: 'POST', headers: gateway.headers(), body: MODEL_REQUEST });
    expect(refused.status).toBe(402);
  });

  gatewayTest('the control API is reachable at the test origin', async ({ gateway }) => {
    await gateway.fetch('/responses', { method: 'POST', headers: gateway.headers(), body: MODEL_REQUEST });
    const res = await gateway.fetch('/__gatewaykit/requests');
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).toContain('/responses');
  });
});

describe('createGatewayTest options', () => {
  seeded('passes gateway options through', async ({ gateway }) => {
    expect(gateway.core.seed).toBe(42);
  });

  systemTime('clock: system uses real time', async ({ gateway }) => {
    expect(gateway.core.clock.kind).toBe('system');
    await expect(gateway.advance(1)).rejects.toThrow(/virtual/);
  });
});
