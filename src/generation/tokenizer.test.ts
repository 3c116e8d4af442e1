import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedPieces, countSlices, loadTokenizer, MAX_RUN, SLICE_CHARS } from './tokenizer.ts';

describe('loadTokenizer (o200k_base)', async () => {
  const tokenizer = await loadTokenizer();

  it('counts tokens as the real encoding does, special-token strings as plain text', () => {
    expect(tokenizer.count('')).toBe(0);
    expect(tokenizer.count('Hello, world')).toBe(3);
    expect(tokenizer.count('<|endoftext|>')).toBeGreaterThan(1);
  });

  it('truncate gives a prefix that fits the budget, and the whole text when it fits', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'é', ' ', '🙂', 'word ', '漢', '\n'), maxLength: 60 }),
        fc.integer({ min: 0, max: 30 }),
        (text, budget) => {
          const cut = tokenizer.truncate(text, budget);
          expect(text.startsWith(cut)).toBe(true);
          expect(tokenizer.count(cut)).toBeLessThanOrEqual(budget);
          if (tokenizer.count(text) <= budget) expect(cut).toBe(text);
          expect(cut.includes('\uFFFD')).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('truncate cuts the same text the same way every time (a cut inside a character leaves nothing behind for the next one)', () => {
    const text = 'Happy to go deeper on any part of it \u2728';
    const budget = tokenizer.count(text) - 1;
    const first = tokenizer.truncate(text, budget);
    expect(first).toBe('Happy to go deeper on any part of it ');
    for (let i = 0; i < 3; i++) expect(tokenizer.truncate(text, budget)).toBe(first);
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

describe('counting in slices (a huge prompt does not hold the event loop)', async () => {
  const tokenizer = await loadTokenizer();
  // Words, spaces of every kind, digits, punctuation, contractions, accents, CJK, emoji, newlines.
  const unit = fc.constantFrom(
    'a',
    'B',
    'word',
    ' ',
    ' ',
    '  ',
    '\t',
    '\n',
    '\r\n',
    "'s",
    "'LL",
    '42',
    '1234',
    '.',
    '!?',
    '-',
    'é',
    'É',
    '漢字',
    '🙂',
    '\u00a0',
    '<|endoftext|>',
    'x'.repeat(300),
  );

  it('the slices of any text add up to its count, for any slice size', () => {
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 80 }), fc.integer({ min: 1, max: 40 }), (text, size) => {
        const slices = countSlices(text, size);
        expect(slices.join('')).toBe(text);
        expect(slices.reduce((n, slice) => n + tokenizer.count(slice), 0)).toBe(tokenizer.count(text));
      }),
    );
  });

  it('countInSlices gives count for texts over the slice size, and lets the event loop run meanwhile', async () => {
    const text = 'The quick brown fox jumps over the lazy dog. '.repeat(Math.ceil((3 * SLICE_CHARS) / 45));
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    const counting = tokenizer.countInSlices(text);
    const n = await counting;
    clearInterval(ticker);
    expect(n).toBe(tokenizer.count(text));
    expect(await tokenizer.countInSlices('x'.repeat(2 * SLICE_CHARS + 7))).toBe(tokenizer.count('x'.repeat(2 * SLICE_CHARS + 7)));
    expect(await tokenizer.countInSlices('short')).toBe(tokenizer.count('short'));
    expect(turns).toBeGreaterThan(0);
  });
});
