import { describe, expect, it } from 'vitest';
import { ALL_CHECKS } from './registry.ts';
import { ALL_MUTANTS } from './mutants/index.ts';
import { RULES } from './rules/rule-catalogue.ts';

/**
 * The mutation sweep's ground (mutants.test.ts runs every mutant; it is one of the slow end-to-end
 * runs): every rule has a check, every check a mutant, and every mutant names a registered check.
 */
describe('mutant coverage', () => {
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
});
