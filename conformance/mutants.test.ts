import { describe, expect, it } from 'vitest';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { ALL_CHECKS } from './registry.ts';
import { ALL_MUTANTS } from './mutants/index.ts';
import { RULES } from './rules/rule-catalogue.ts';
import { runConformance } from './run-conformance.ts';

const SEED = 20261122;

/**
 * The suite checks itself: each mutant breaks one rule of a real (simulated) gateway, the way an
 * implementer plausibly would, and the check that targets that rule must fail. The mutation score
 * is caught / total (docs/conformance.md); every check has at least one mutant.
 */
describe('mutants: every deliberately broken gateway is caught by the check that targets it', () => {
  it('at least 80 mutants, each naming a registered check; every check has a mutant; every rule has a check', () => {
    expect(ALL_MUTANTS.length).toBeGreaterThanOrEqual(80);
    const ids = new Set(ALL_CHECKS.map((c) => c.id));
    for (const m of ALL_MUTANTS) {
      expect(ids, m.id).toContain(m.caughtBy);
      for (const w of m.with ?? []) expect(ids, `${m.id} with ${w}`).toContain(w);
    }
    expect(new Set(ALL_MUTANTS.map((m) => m.id)).size).toBe(ALL_MUTANTS.length);
    const targeted = new Set(ALL_MUTANTS.map((m) => m.caughtBy));
    expect(
      ALL_CHECKS.map((c) => c.id).filter((id) => !targeted.has(id)),
      'checks without a mutant',
    ).toEqual([]);
    const judged = new Set(ALL_CHECKS.flatMap((c) => c.rules));
    expect(
      RULES.map((r) => r.id).filter((id) => !judged.has(id)),
      'rules without a check',
    ).toEqual([]);
    const known = new Set(RULES.map((r) => r.id));
    expect(
      ALL_CHECKS.flatMap((c) => c.rules.filter((r) => !known.has(r)).map((r) => `${c.id}: ${r}`)),
      'checks naming unknown rules',
    ).toEqual([]);
    expect(ALL_CHECKS.filter((c) => c.rules.length === 0).map((c) => c.id)).toEqual([]);
  });

  it.each(ALL_MUTANTS.map((m) => [m.id, m] as const))('%s', async (_id, mutant) => {
    const gateway = createGateway({ clock: virtualClock(), seed: 7 });
    const report = await runConformance({
      baseUrl: gateway.baseUrl,
      apiKey: 'sk-gw-test',
      fetch: mutant.wrap(gateway.fetch, { apiKey: 'sk-gw-test' }),
      only: [...(mutant.with ?? []), mutant.caughtBy],
      seed: SEED,
      runs: mutant.runs ?? 12,
      // The preflight's generation would hit some mutants before any check: the checks are what is measured here.
      preflight: false,
    });
    const result = report.checks.find((c) => c.id === mutant.caughtBy);
    expect(result?.status, `${mutant.id} (${mutant.breaks}) must be caught by ${mutant.caughtBy}: ${result?.reason ?? ''}`).toBe('failed');
    // The replay names the check (and, for an always-on oracle, the check that sent the exchange it judged).
    expect(result?.replay?.command).toMatch(new RegExp(`--only (\\S+,)?${mutant.caughtBy.replace(/\./g, '\\.')}( |$)`));
    // Every failure shows the request and what the target answered to it.
    expect(result?.counterexample, 'counterexample').toBeDefined();
    expect(result?.observed?.status, 'observed status').toEqual(expect.any(Number));
  });
});
