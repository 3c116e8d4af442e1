import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { globMatches, modelMatches } from './model-pattern.ts';

/** The reference semantics: the glob as an anchored regular expression (fine for small inputs). */
const viaRegex = (text: string, pattern: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[\\s\\S]*')}$`,
  ).test(text);

describe('glob matching (F2)', () => {
  it('agrees with the regular-expression meaning of the glob', () => {
    const alphabet = fc.constantFrom('a', 'b', '/', '.', '*');
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', '/', '.'), maxLength: 12 }), fc.string({ unit: alphabet, maxLength: 8 }), (text, pattern) => {
        expect(globMatches(text, pattern), `${JSON.stringify(text)} ~ ${JSON.stringify(pattern)}`).toBe(viaRegex(text, pattern));
      }),
      { numRuns: 500 },
    );
  });

  it('matches model ids case-insensitively', () => {
    expect(modelMatches('Anthropic/Claude-Sonnet-4.5', 'anthropic/*')).toBe(true);
    expect(modelMatches('openai/gpt-4o', 'openai/gpt-4o')).toBe(true);
    expect(modelMatches('openai/gpt-4o-mini', 'openai/gpt-4o')).toBe(false);
    expect(modelMatches('openai/gpt-4o', '*')).toBe(true);
    expect(modelMatches('x', 'x**')).toBe(true);
  });

  it('answers at once for patterns that took a regex engine exponential time', () => {
    const started = performance.now();
    const id = 'a'.repeat(5000);
    for (const pattern of ['************!', `${'*a'.repeat(2000)}!`, `${'a*'.repeat(5000)}b`, '*'.repeat(100_000)]) {
      expect(globMatches(id, pattern)).toBe(pattern === '*'.repeat(100_000));
    }
    expect(performance.now() - started).toBeLessThan(1000); // a safety bound: one of them took > 30 s
  });
});
