import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundOrder } from '../../bench/round-order.ts';

describe('bench: the order of the targets in each round', () => {
  it('starts each round further along the table and wraps around', () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(roundOrder(names, 0, 3)).toEqual(names);
    expect(roundOrder(names, 1, 3)).toEqual(['c', 'd', 'e', 'f', 'g', 'a', 'b']);
    expect(roundOrder(names, 2, 3)).toEqual(['e', 'f', 'g', 'a', 'b', 'c', 'd']);
  });

  it('runs every target once per round, and no target first in two rounds when there are at least as many targets as rounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 9 }), (count, rounds) => {
        const names = Array.from({ length: count }, (_, i) => i);
        const firsts = new Set<number>();
        for (let round = 0; round < rounds; round++) {
          const order = roundOrder(names, round, rounds);
          expect([...order].sort((x, y) => x - y)).toEqual(names);
          firsts.add(order[0] as number);
        }
        expect(firsts.size).toBe(Math.min(count, rounds));
      }),
    );
  });
});
