import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stableStringify } from './hash.ts';

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
        fc.dictionary(fc.string({ unit: 'binary', maxLength: 4 }), tie('v'), { maxKeys: 5 }),
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
