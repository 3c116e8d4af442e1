import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { onResponse } from './mutants/rewrite.ts';
import { smallestOf, stratify } from './property/stratum.ts';
import { DEFAULT_MAX_REQUESTS, runConformance } from './run-conformance.ts';

/** A proxy's own crash page for malformed JSON (what the Portkey gateway answers): 500, no envelope. */
const malformedJsonCrash = (fetch: typeof globalThis.fetch) =>
  onResponse(fetch, (response, request) => {
    if (typeof request.body === 'string' && request.url.pathname.endsWith('/responses')) {
      response.status = 500;
      response.text = '{"status":"failure","message":"Something went wrong"}';
    }
  });

describe('coverage by construction', () => {
  it('a stratum is sent at its smallest value: the boundary', () => {
    expect(smallestOf(fc.integer({ min: 257, max: 456 }), 1)).toBe(257);
    expect(smallestOf(fc.integer({ min: -60, max: 0 }), 2)).toBe(0);
    const { examples } = stratify<string | number>([{ label: 'a', arbitrary: fc.constant('x') }, { label: 'b', arbitrary: fc.integer({ min: 17, max: 40 }) }], 3);
    expect(examples).toEqual([{ stratum: 0, value: 'x' }, { stratum: 1, value: 17 }]);
  });

  it('errors.envelope fails at every seed against a malformed-JSON crash, under the default live budget and one run', async () => {
    const statuses: string[] = [];
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      const gateway = createGateway({ clock: virtualClock() });
      const report = await runConformance({ baseUrl: gateway.baseUrl, apiKey: 'sk-gw-test', fetch: malformedJsonCrash(gateway.fetch), simulator: false, only: ['errors.envelope'], seed, runs: 1, maxRequests: DEFAULT_MAX_REQUESTS });
      statuses.push(`${seed}: ${report.checks[0]!.status}`);
    }
    expect(statuses).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((seed) => `${seed}: failed`));
  });

  it('under a budget too small for every kind, the check is no pass: it names the kinds and rules it could not probe', async () => {
    const gateway = createGateway({ clock: virtualClock() });
    const report = await runConformance({ baseUrl: gateway.baseUrl, apiKey: 'sk-gw-test', fetch: gateway.fetch, simulator: false, only: ['validation.plugin-bounds'], seed: 1, maxRequests: 5, preflight: false });
    const [check] = report.checks;
    expect(check).toMatchObject({ status: 'skipped' });
    expect(check!.reason).toMatch(/^probed 5 of \d+ kinds of input \(it needs at least \d+ requests\); not probed: /);
    expect(check!.unprobed!.length).toBeGreaterThan(0);
    expect(report.summary.unprobedRules).toEqual(expect.arrayContaining([...check!.unprobed!]));
    expect(report.summary.budget.used).toBe(5);
  });

  it('a pass states its strength: the answers judged and the rules probed; a failure names the rule it breaks', async () => {
    const gateway = createGateway({ clock: virtualClock() });
    const report = await runConformance({ baseUrl: gateway.baseUrl, apiKey: 'sk-gw-test', fetch: gateway.fetch, only: ['validation.plugin-bounds'], seed: 1, runs: 3 });
    expect(report.checks[0]).toMatchObject({ status: 'passed', probed: { rules: expect.arrayContaining(['limits.cost-quality-tradeoff', 'limits.fusion-tools']) } });
    expect(report.checks[0]!.probed!.examples).toBeGreaterThanOrEqual(14);
    expect(report.summary.statement).toMatch(/^conforms on all 6 rules probed/);
  });
});
