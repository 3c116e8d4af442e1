import fc from 'fast-check';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, it } from 'vitest';
import { alphanumericCode } from './alphanumeric-code.ts';

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

describe('alphanumericCode', () => {
  it("draws the characters pure-rand's uniformInt(gen, 0, 61) picks, from the same generator state", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 300 }), (seed, length) => {
        const mine = xoroshiro128plus(seed);
        const theirs = xoroshiro128plus(seed);
        for (let i = 0; i < length; i++) expect(String.fromCharCode(alphanumericCode(mine))).toBe(ALPHANUMERIC[uniformInt(theirs, 0, 61)]);
        // Both consumed the same draws, rejected ones included.
        expect(mine.next()).toBe(theirs.next());
      }),
    );
  });

  it('redraws the draws past the largest multiple of 62, as uniformInt does', () => {
    // A generator whose first draws are the four highest 32-bit values (each rejected), then 0.
    const draws = [0x7fff_fffc, 0x7fff_fffd, 0x7fff_fffe, 0x7fff_ffff, -0x8000_0000];
    const scripted = () => {
      let i = 0;
      return { next: () => draws[i++] as number, jump: undefined, clone: () => scripted(), getState: () => [] } as unknown as Parameters<
        typeof alphanumericCode
      >[0];
    };
    expect(String.fromCharCode(alphanumericCode(scripted()))).toBe('0');
    expect(ALPHANUMERIC[uniformInt(scripted(), 0, 61)]).toBe('0');
  });
});
