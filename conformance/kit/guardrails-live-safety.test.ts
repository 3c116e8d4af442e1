import { describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import { runConformance } from '../run-conformance.ts';
import { GUARDRAIL_MUTANTS } from '../operations/guardrails/mutants.ts';

const MANAGEMENT = { authorization: 'Bearer sk-gw-management' };

describe('the guardrails checks on a live gateway: what they create they remove, within their budget', () => {
  it('pass on the simulator, leave the guardrail and key lists as they found them and never call the control API', async () => {
    const gateway = createGateway({ clock: virtualClock() });
    const list = async (path: string, field: string) =>
      ((await (await gateway.fetch(`${gateway.baseUrl}${path}`, { headers: MANAGEMENT })).json()) as { data: Record<string, string>[] }).data
        .map((k) => k[field])
        .sort();
    const before = [await list('/keys', 'hash'), await list('/guardrails', 'id')];
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
      only: ['guardrails.', 'organization.', 'scim.'],
      skip: ['guardrails.assignment-blocks'],
      seed: 1,
      preflight: false,
    });
    expect(report.checks.map((c) => `${c.id} ${c.status}`)).toEqual(report.checks.map((c) => `${c.id} passed`));
    expect(report.checks.length).toBeGreaterThanOrEqual(60);
    expect((await (await gateway.fetch(`${gateway.baseUrl}/scim/group-mappings`, { headers: MANAGEMENT })).json()) as { total_count: number }).toMatchObject({
      total_count: 0,
    });
    expect([await list('/keys', 'hash'), await list('/guardrails', 'id')]).toEqual(before);
    // The budget: at most one guardrail and one key created (and deleted) by the whole run.
    const created = sent.filter((s) => /^POST \/api\/v1\/(guardrails|keys) 2/.test(s));
    expect(created.length).toBeLessThanOrEqual(2);
    expect(sent.filter((s) => s.includes('/__gatewaykit/'))).toEqual([]);
  });
});

describe('the guardrail assignment check: passes on the simulator, catches its mutants, leaves nothing behind', () => {
  const run = async (wrap: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch) => {
    const gateway = createGateway({ clock: virtualClock() });
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
      fetch: wrap(fetch),
      simulator: false,
      only: ['guardrails.assignment-blocks'],
      seed: 1,
      preflight: false,
    });
    const guardrails = (await (await gateway.fetch(`${gateway.baseUrl}/guardrails`, { headers: MANAGEMENT })).json()) as { total_count: number };
    return { status: report.checks[0]?.status, reason: report.checks[0]?.reason, sent, guardrails: guardrails.total_count };
  };

  it('passes, creating one key and one guardrail and deleting both, never calling the control API', async () => {
    const { status, reason, sent, guardrails } = await run((f) => f);
    expect(status, reason).toBe('passed');
    expect(sent.filter((s) => /^POST \/api\/v1\/(guardrails|keys) 2/.test(s))).toHaveLength(2);
    expect(sent.filter((s) => /^DELETE /.test(s) && / 200$/.test(s))).toHaveLength(2);
    expect(sent.filter((s) => s.includes('/__gatewaykit/'))).toEqual([]);
    expect(guardrails).toBe(0);
  });

  it.each(GUARDRAIL_MUTANTS.map((m) => [m.id, m] as const))('catches %s', async (_id, mutant) => {
    const { status, guardrails } = await run((f) => mutant.wrap(f, { apiKey: 'sk-gw-test' }));
    expect(status).toBe('failed');
    expect(guardrails).toBe(0);
  });
});
