import { describe, expect, it } from 'vitest';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { ALL_MUTANTS } from './mutants/index.ts';
import { runConformance } from './run-conformance.ts';

const SEED = 20261122;

/**
 * The suite checks itself: each mutant breaks one rule of a real (simulated) gateway, the way an
 * implementer plausibly would, and the check that targets that rule must fail. The mutation score
 * is caught / total (docs/conformance.md). That every check has a mutant and every rule a check is
 * checked apart (mutant-coverage.test.ts), quickly: this sweep runs in `npm run test:e2e`.
 */
describe('mutants: every deliberately broken gateway is caught by the check that targets it', () => {
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
