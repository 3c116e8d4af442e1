import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DEFAULT_CATALOG } from './default-catalog.ts';
import { closestIds, editDistance } from './closest-ids.ts';

const ids = DEFAULT_CATALOG.models.map((m) => m.id);

describe('closestIds', () => {
  test('an id without its vendor finds the vendor-qualified id first', () => {
    for (const id of ids) expect(closestIds(id.slice(id.indexOf('/') + 1), ids)[0]).toBe(id);
  });

  test('one typo in any catalogue id finds that id first, unless another id is as close', () => {
    for (const id of ids) {
      const typo = `${id.slice(0, -2)}${id.at(-2) === 'x' ? 'y' : 'x'}${id.at(-1)}`;
      expect(editDistance(typo, id)).toBe(1);
      const found = closestIds(typo, ids);
      // The real catalogue has near-twins (`...-4o` and `...-4x`): a tie may list the twin first,
      // so the first is one edit away too. (One search per id: the catalogue has hundreds.)
      expect(editDistance(typo, found[0] ?? ''), `first of ${found.join(', ')}`).toBeLessThanOrEqual(1);
      expect(found).toContain(id);
    }
  });

  test('nothing close, nothing suggested; never more than the limit', () => {
    expect(closestIds('nobody/nothing', ids)).toEqual([]);
    expect(closestIds('openai/gpt-5-mino', ids, 1)).toHaveLength(1);
  });

  test('editDistance with a bound gives the distance up to it, and one more past it', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '-', '/'), maxLength: 12 });
    fc.assert(
      fc.property(word, word, fc.nat(5), (a, b, max) => {
        expect(editDistance(a, b, max)).toBe(Math.min(editDistance(a, b), max + 1));
      }),
      { numRuns: 500 },
    );
  });
});
