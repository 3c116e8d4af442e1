import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadTokenizer } from './tokenizer.ts';

describe('loadTokenizer (o200k_base)', async () => {
  const tokenizer = await loadTokenizer();

  it('counts tokens as the real encoding does, special-token strings as plain text', () => {
    expect(tokenizer.count('')).toBe(0);
    expect(tokenizer.count('Hello, world')).toBe(3);
    expect(tokenizer.count('<|endoftext|>')).toBeGreaterThan(1);
  });

  it('truncate gives a prefix that fits the budget, and the whole text when it fits', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'é', ' ', '🙂', 'word ', '漢', '\n') , maxLength: 60 }), fc.integer({ min: 0, max: 30 }), (text, budget) => {
        const cut = tokenizer.truncate(text, budget);
        expect(text.startsWith(cut)).toBe(true);
        expect(tokenizer.count(cut)).toBeLessThanOrEqual(budget);
        if (tokenizer.count(text) <= budget) expect(cut).toBe(text);
        expect(cut.includes('\uFFFD')).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
