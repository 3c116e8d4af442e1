import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiKey } from '../../src/auth/api-key.ts';
import { authenticate } from '../../src/auth/authenticate.ts';
import { constantTimeEqual } from '../../src/auth/constant-time-equal.ts';

/**
 * A string stand-in that counts how often its characters are read. constantTimeEqual only uses
 * `length` and `charCodeAt`, so the count shows whether it stops at the first difference.
 */
function counted(text: string, counter: { reads: number }): string {
  return {
    length: text.length,
    charCodeAt(i: number) {
      counter.reads++;
      return text.charCodeAt(i);
    },
  } as unknown as string;
}

describe('limits: key comparison is constant-time (no early exit)', () => {
  it('reads every character whatever the position of the first difference', () => {
    const secret = 'sk-gw-0123456789abcdef0123456789abcdef';
    const reads: number[] = [];
    for (let at = 0; at <= secret.length; at++) {
      // Differ first at `at` (at === length: equal strings).
      const guess = at === secret.length ? secret : secret.slice(0, at) + (secret[at] === 'x' ? 'y' : 'x') + secret.slice(at + 1);
      const a = { reads: 0 };
      const b = { reads: 0 };
      expect(constantTimeEqual(counted(guess, a), counted(secret, b))).toBe(at === secret.length);
      reads.push(a.reads + b.reads);
    }
    expect(new Set(reads).size).toBe(1);
    expect(reads[0]).toBe(2 * secret.length);
  });

  it('agrees with === and reads max(len) characters of each side, for any strings', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (x, y) => {
        const a = { reads: 0 };
        const b = { reads: 0 };
        expect(constantTimeEqual(counted(x, a), counted(y, b))).toBe(x === y);
        expect(a.reads).toBe(Math.max(x.length, y.length));
        expect(b.reads).toBe(Math.max(x.length, y.length));
      }),
    );
  });

  it('authenticate compares against every key, whichever matches (no early exit on the key list)', () => {
    const make = (counter: { reads: number }): ApiKey[] =>
      ['sk-gw-aaaaaaaa', 'sk-gw-bbbbbbbb', 'sk-gw-cccccccc'].map((key) => ({ key: counted(key, counter), kind: 'standard', credits: 1 }));
    const totals = ['sk-gw-aaaaaaaa', 'sk-gw-cccccccc', 'sk-gw-zzzzzzzz', 'x'].map((presented) => {
      const counter = { reads: 0 };
      authenticate(`Bearer ${presented}`, make(counter));
      return counter.reads;
    });
    // Same work for the first key, the last key and no key at the same length.
    expect(totals[0]).toBe(totals[1]);
    expect(totals[1]).toBe(totals[2]);
    expect(totals[0]).toBe(3 * 'sk-gw-aaaaaaaa'.length);
  });
});
