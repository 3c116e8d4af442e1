import { describe, expect, it } from 'vitest';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { ALL_CHECKS } from './registry.ts';
import { ALL_MUTANTS } from './mutants/index.ts';
import { runConformance } from './run-conformance.ts';

const SEED = 20261122;

/**
 * The suite checks itself: each mutant breaks one rule of a real (simulated) gateway, and the check
 * that targets that rule must fail. The mutation score is caught / total (docs/conformance.md).
 */
describe('mutants: every deliberately broken gateway is caught by the check that targets it', () => {
  it('has at least 20 mutants, each naming a registered check', () => {
    expect(ALL_MUTANTS.length).toBeGreaterThanOrEqual(20);
    const ids = new Set(ALL_CHECKS.map((c) => c.id));
    for (const m of ALL_MUTANTS) expect(ids, m.id).toContain(m.caughtBy);
    expect(new Set(ALL_MUTANTS.map((m) => m.id)).size).toBe(ALL_MUTANTS.length);
  });

  it.each(ALL_MUTANTS.map((m) => [m.id, m] as const))('%s', async (_id, mutant) => {
    const gateway = createGateway({ clock: virtualClock(), seed: 7 });
    const report = await runConformance({
      baseUrl: gateway.baseUrl,
      apiKey: 'sk-gw-test',
      fetch: mutant.wrap(gateway.fetch, { apiKey: 'sk-gw-test' }),
      only: [mutant.caughtBy],
      seed: SEED,
      runs: 30,
    });
    const result = report.checks.find((c) => c.id === mutant.caughtBy);
    expect(result?.status, `${mutant.id} (${mutant.breaks}) must be caught by ${mutant.caughtBy}: ${result?.reason ?? ''}`).toBe('failed');
    expect(result?.replay?.command).toContain(`--only ${mutant.caughtBy}`);
  });
});
