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

  it('text deltas are the words joined one to three at a time, as the word list gave them before slicing', () => {
    // The earlier implementation, kept as the oracle: the sliced one must give the same pieces.
    const byWords = (text: string, rng: ReturnType<typeof seededRandom>) => {
      const words = text.match(/\s*\S+|\s+$/g) ?? (text === '' ? [] : [text]);
      const out: string[] = [];
      for (let i = 0; i < words.length;) {
        const take = rng.int(1, 3);
        out.push(words.slice(i, i + take).join(''));
        i += take;
      }
      return out;
    };
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '\t', '\u00a0', '\ud83d', 'é'), maxLength: 60 }), fc.integer(), (text, seed) => {
        expect(splitTextDeltas(text, seededRandom(seed, 'x'))).toEqual(byWords(text, seededRandom(seed, 'x')));
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
