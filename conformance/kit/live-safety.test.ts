import { describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import { runConformance } from '../run-conformance.ts';

const MANAGEMENT = { authorization: 'Bearer sk-gw-management' };

describe('the kit on a live gateway: what it creates it removes, with the management key only', () => {
  it('the keys and OAuth checks leave the key list as they found it and never call the control API', async () => {
    const gateway = createGateway({ clock: virtualClock() });
    const keys = async () =>
      ((await (await gateway.fetch(`${gateway.baseUrl}/keys`, { headers: MANAGEMENT })).json()) as { data: { hash: string }[] }).data.map((k) => k.hash).sort();
    const before = await keys();
    const sent: string[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      const answer = await gateway.fetch(request);
      sent.push(`${request.method} ${new URL(request.url).pathname} ${answer.status}`);
      return answer;
    };
    const report = await runConformance({
      baseUrl: gateway.baseUrl,
      apiKey: 'sk-gw-test',
      managementKey: 'sk-gw-management',
      fetch,
      simulator: false,
      only: ['keys.', 'auth-keys.'],
      seed: 1,
      preflight: false,
    });
    expect(report.checks.map((c) => `${c.id} ${c.status}`)).toEqual(report.checks.map((c) => `${c.id} passed`));
    expect(report.checks.length).toBe(21);
    expect(await keys()).toEqual(before);
    // One key made by the lifecycle and one by the OAuth exchange, each deleted; every other create refused.
    expect(sent.filter((s) => /^POST \/api\/v1\/keys 2/.test(s))).toHaveLength(1);
    expect(sent.filter((s) => /^POST \/api\/v1\/auth\/keys 2/.test(s))).toHaveLength(1);
    expect(sent.filter((s) => /^DELETE \/api\/v1\/keys\/\w+ 200$/.test(s))).toHaveLength(2);
    expect(sent.filter((s) => s.includes('/__gatewaykit/'))).toEqual([]);
  });

  it('without a management key the management checks that need one are skipped, saying so; their auth checks still run', async () => {
    const gateway = createGateway({ clock: virtualClock() });
    const report = await runConformance({
      baseUrl: gateway.baseUrl,
      apiKey: 'sk-gw-test',
      fetch: gateway.fetch,
      simulator: false,
      only: ['keys.list.', 'credits.get.'],
      seed: 1,
      preflight: false,
    });
    const verdicts = Object.fromEntries(report.checks.map((c) => [c.id, c.status]));
    expect(verdicts).toEqual({
      'keys.list.shape': 'skipped',
      'keys.list.errors': 'skipped',
      'keys.list.auth': 'passed',
      'credits.get.shape': 'skipped',
      'credits.get.errors': 'skipped',
      'credits.get.auth': 'passed',
    });
    expect(report.checks.find((c) => c.id === 'keys.list.shape')!.reason).toMatch(/--management-key/);
  });
});
