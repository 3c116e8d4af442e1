import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedPieces, loadTokenizer, MAX_RUN } from './tokenizer.ts';

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

describe('boundedPieces (linear-time token counting of long runs)', () => {
  it('leaves ordinary text whole and cuts only whitespace-free runs longer than MAX_RUN', () => {
    const words = 'the quick brown fox '.repeat(100);
    expect(boundedPieces(words)).toEqual([words]);
    const blob = 'A'.repeat(MAX_RUN * 3 + 5);
    const pieces = boundedPieces(`head ${blob} tail`);
    expect(pieces.join('')).toBe(`head ${blob} tail`);
    expect(Math.max(...pieces.map((p) => /\S+/.exec(p)?.[0].length ?? 0))).toBeLessThanOrEqual(MAX_RUN);
  });

  it('never cuts inside a surrogate pair', () => {
    const text = '😀'.repeat(MAX_RUN);
    for (const piece of boundedPieces(text)) {
      expect(/^[\uDC00-\uDFFF]/.test(piece)).toBe(false);
      expect(/[\uD800-\uDBFF]$/.test(piece)).toBe(false);
    }
    expect(boundedPieces(text).join('')).toBe(text);
  });

  it('counts and truncates a 1 MB whitespace-free input (once quadratic) consistently', async () => {
    const tokenizer = await loadTokenizer();
    const blob = 'QmFzZTY0'.repeat(131_072);
    const n = tokenizer.count(blob);
    expect(n).toBeGreaterThan(100_000);
    const cut = tokenizer.truncate(blob, 1000);
    expect(blob.startsWith(cut)).toBe(true);
    expect(tokenizer.count(cut)).toBeLessThanOrEqual(1000);
    expect(tokenizer.count(cut)).toBeGreaterThan(990);
  });
});
