import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hash53, hash53Final, hash53Update, stableStringify } from './hash.ts';
import { seededRandom } from './seeded-random.ts';

// Any code point, lone surrogates included, as fast-check's 'binary' unit draws them, without the
// table of every code point that unit builds once per process (the slowest part of this file).
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp));

/** The straightforward definition the fast one must equal, character for character. */
function reference(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(',')}}`;
}

describe('stableStringify', () => {
  it('equals the entries-sort-join definition on any JSON value, undefined members included', () => {
    const value = fc.letrec((tie) => ({
      v: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 2 }),
        fc.constant(undefined),
        fc.array(tie('v'), { maxLength: 4 }),
        fc.dictionary(fc.string({ unit: anyCodePoint, maxLength: 4 }), tie('v'), { maxKeys: 5 }),
      ),
    })).v;
    fc.assert(
      fc.property(value, (v) => {
        expect(stableStringify(v)).toBe(reference(v));
      }),
      { numRuns: 500 },
    );
    // eslint-disable-next-line no-sparse-arrays
    expect(stableStringify([1, , 3])).toBe(reference([1, , 3]));
  });
});

describe('hash53 in steps', () => {
  it('continuing a state over the rest of a text gives the hash of the whole text, for any split and seed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: anyCodePoint }), fc.integer(), (a, b, seed) => {
        expect(hash53Final(hash53Update(hash53Update(undefined, a, seed), b))).toBe(hash53(a + b, seed));
      }),
    );
  });

  it("a fork's stream is the stream of the joined key: fork continues the hash instead of reading the key again", () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.string(), { minLength: 1, maxLength: 3 }), fc.array(fc.string(), { maxLength: 3 }), (seed, keys, labels) => {
        let forked = seededRandom(seed, ...keys);
        for (const label of labels) forked = forked.fork(label);
        const joined = seededRandom(seed, [...keys, ...labels].join('\u0000'));
        expect(forked.alphanumeric(12)).toBe(joined.alphanumeric(12));
        expect(forked.int(0, 1_000_000)).toBe(joined.int(0, 1_000_000));
      }),
    );
  });
});
