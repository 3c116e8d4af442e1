import { describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { formatReport } from './format-report.ts';
import type { CheckResult } from './report.ts';
import { DEFAULT_MAX_REQUESTS, DEFAULT_MAX_SPEND, runConformance } from './run-conformance.ts';

/**
 * The smallest budget that probes every rule of a live run (no controls, no videos), as
 * docs/conformance.md states it: this many paid requests, weighing at most this many USD at the
 * default model's listed price.
 */
const STATED_MINIMUM_BUDGET = 243;
const STATED_MINIMUM_SPEND = 0.24;

/** The simulator run as a live gateway, with the prices it lists. */
const live = () => {
  const gateway = createGateway({ clock: virtualClock() });
  return { baseUrl: gateway.baseUrl, apiKey: 'sk-gw-test', managementKey: 'sk-gw-management', fetch: gateway.fetch, simulator: false as const };
};
const needsSimulator = (c: CheckResult) => c.status === 'skipped' && /simulator|include-videos/.test(c.reason ?? '');
const simulatorOnlyRules = (checks: readonly CheckResult[]) => {
  const probed = new Set(checks.filter((c) => !needsSimulator(c)).flatMap((c) => c.probed?.rules ?? []));
  return [...new Set(checks.filter(needsSimulator).flatMap((c) => c.rules))].filter((r) => !probed.has(r)).sort();
};

describe('the budget weighs paid requests at their price (--max-spend)', () => {
  it('the report states the smallest request budget that probes every rule, and the default is at it', async () => {
    const report = await runConformance({ ...live(), seed: 1, maxRequests: 0 });
    expect(report.summary.budget).toEqual({ limit: 0, used: 0, smallest: STATED_MINIMUM_BUDGET });
    expect(report.summary.spend).toEqual({ limit: DEFAULT_MAX_SPEND, used: 0, unpriced: 0 });
    expect(DEFAULT_MAX_REQUESTS).toBe(STATED_MINIMUM_BUDGET);
    expect(DEFAULT_MAX_SPEND).toBeGreaterThanOrEqual(STATED_MINIMUM_SPEND);
  }, 60_000);

  it('at the smallest budget, requests and spend, every rule is probed at seeds 1 to 3, and the spend printed is within it', async () => {
    for (const seed of [1, 2, 3]) {
      const report = await runConformance({ ...live(), seed, maxRequests: STATED_MINIMUM_BUDGET, maxSpend: STATED_MINIMUM_SPEND });
      expect(report.summary.unprobedRules, `seed ${seed}`).toEqual(simulatorOnlyRules(report.checks));
      expect(report.checks.filter((c) => /--max-spend|--max-requests/.test(c.reason ?? '')).map((c) => c.id)).toEqual([]);
      expect(report.summary.budget.used, `seed ${seed}`).toBe(STATED_MINIMUM_BUDGET);
      // Every paid request weighs something: the spend grows with what was sent.
      expect(report.summary.spend.used, `seed ${seed}`).toBeGreaterThan(STATED_MINIMUM_SPEND / 2);
      expect(report.summary.spend.used, `seed ${seed}`).toBeLessThanOrEqual(STATED_MINIMUM_SPEND);
      // The simulator lists a price for every model the suite uses.
      expect(report.summary.spend.unpriced, `seed ${seed}`).toBe(0);
      expect(formatReport(report)).toContain(
        `Budget: paid requests weighed at their worst-case price $${report.summary.spend.used.toFixed(6)}, $${STATED_MINIMUM_SPEND} allowed (--max-spend); every rule is probed from --max-requests ${STATED_MINIMUM_BUDGET}`,
      );
    }
  }, 180_000);

  it('a spend cap below a probe price stops the paid probes whatever --max-requests allows, and names the rules left unprobed', async () => {
    const report = await runConformance({ ...live(), seed: 1, maxSpend: 0.002, only: ['chat.', 'embeddings.'] });
    expect(report.summary.spend.used).toBeLessThanOrEqual(0.002);
    const cut = report.checks.filter((c) =>
      /spend budget exhausted: this request may cost up to \$[\d.]+, \$[\d.]+ of \$0\.002 is left \(raise --max-spend\)/.test(c.reason ?? ''),
    );
    expect(cut.length).toBeGreaterThan(0);
    expect(report.summary.unprobedRules.length).toBeGreaterThan(0);
    // The cap is on money, not on the count: far fewer paid requests went out than --max-requests allows.
    expect(report.summary.budget.used).toBeLessThan(report.summary.budget.limit / 4);
  }, 60_000);

  it('a target that lists no prices: its paid requests are counted as unpriced, and only --max-requests bounds them', async () => {
    const gateway = createGateway({ clock: virtualClock() });
    // The model listing with every price taken out (what a mock that lists bare ids answers).
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const answer = await gateway.fetch(new Request(input, init));
      if (!new URL(new Request(input, init).url).pathname.endsWith('/models')) return answer;
      const listing = (await answer.json()) as { data: Record<string, unknown>[] };
      return Response.json({ data: listing.data.map(({ id }) => ({ id })) });
    };
    const report = await runConformance({ ...live(), fetch, seed: 1, maxSpend: 0, maxRequests: 20, only: ['embeddings.shape'], model: 'openai/gpt-4o-mini' });
    expect(report.summary.spend).toEqual({ limit: 0, used: 0, unpriced: report.summary.budget.used });
    expect(report.summary.budget.used).toBeGreaterThan(1);
    expect(formatReport(report)).toContain(`$0.000000 (${report.summary.budget.used} paid requests the target lists no price for)`);
  }, 60_000);

  it('against the simulator nothing is capped by default, but what was sent is still weighed', async () => {
    const gateway = createGateway({ clock: virtualClock() });
    const report = await runConformance({ baseUrl: gateway.baseUrl, apiKey: 'sk-gw-test', fetch: gateway.fetch, seed: 1, only: ['embeddings.shape'] });
    expect(report.summary.spend.limit).toBeNull();
    expect(report.summary.spend.used).toBeGreaterThan(0);
    expect(JSON.parse(JSON.stringify(report.summary.spend))).toEqual(report.summary.spend);
  }, 60_000);
});
