import { describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import { runConformance } from '../run-conformance.ts';
import { OBSERVABILITY_MUTANTS } from '../operations/observability/mutants.ts';

const MANAGEMENT = { authorization: 'Bearer sk-gw-management' };

/** The observability checks against a fresh simulator through `wrap` (a mutant, or nothing): the verdicts, the requests sent, the destinations left. */
async function run(only: readonly string[], wrap: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch = (f) => f) {
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
    only,
    seed: 1,
    preflight: false,
  });
  const left = (await (await gateway.fetch(`${gateway.baseUrl}/observability/destinations`, { headers: MANAGEMENT })).json()) as { total_count: number };
  return { report, sent, left: left.total_count };
}

describe('the observability checks on a live gateway: what they create they remove, with the management key only', () => {
  it('the shape, errors and auth checks of the five endpoints and observability.crud pass, leave no destination and never call the control API', async () => {
    const { report, sent, left } = await run(['observability.']);
    expect(report.checks.map((c) => `${c.id} ${c.status}`)).toEqual(report.checks.map((c) => `${c.id} passed`));
    expect(report.checks.map((c) => c.id)).toContain('observability.crud');
    expect(report.checks.length).toBe(16);
    expect(left).toBe(0);
    // The lifecycle sample and the crud check: one destination each, each deleted.
    expect(sent.filter((s) => /^POST \/api\/v1\/observability\/destinations 201$/.test(s))).toHaveLength(2);
    expect(sent.filter((s) => s.includes('/__gatewaykit/'))).toEqual([]);
  });

  it.each(OBSERVABILITY_MUTANTS.map((m) => [m.id, m] as const))('observability.crud catches %s', async (_id, mutant) => {
    const { report } = await run(['observability.crud'], (f) => mutant.wrap(f, { apiKey: 'sk-gw-test' }) as typeof globalThis.fetch);
    expect(report.checks[0]?.status, report.checks[0]?.reason).toBe('failed');
  });
});
