import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random/seeded-random.ts';
import { splitArgumentDeltas, splitTextDeltas } from './split-deltas.ts';

describe('splitTextDeltas / splitArgumentDeltas', () => {
  it('pieces concatenate exactly to the text, none empty, deterministic per seed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.integer(), (text, seed) => {
        for (const split of [splitTextDeltas, splitArgumentDeltas]) {
          const pieces = split(text, seededRandom(seed, 'x'));
          expect(pieces.join('')).toBe(text);
          expect(pieces.every((p) => p.length > 0)).toBe(true);
          expect(split(text, seededRandom(seed, 'x'))).toEqual(pieces);
        }
      }),
    );
  });

  it('text deltas break only before whitespace (word boundaries)', () => {
    const pieces = splitTextDeltas('The quick brown fox jumps over the lazy dog, twice.', seededRandom(1, 'w'));
    expect(pieces.length).toBeGreaterThan(1);
    for (const p of pieces.slice(1)) expect(p).toMatch(/^\s/);
  });

  it('argument deltas never split a surrogate pair', () => {
    const pieces = splitArgumentDeltas('{"mood":"🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂"}', seededRandom(2, 'a'));
    // A lone surrogate at either end would mean a pair was split.
    for (const p of pieces) expect(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/.test(p)).toBe(false);
  });
});
