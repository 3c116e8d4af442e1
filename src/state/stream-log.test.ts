import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStreamLog, eachPiece, loggedPieces, logPiece } from './stream-log.ts';

/** Pieces as a writer logs them: each either continues the last one in the ring (and maybe its time) or lies elsewhere. */
const pieces = fc.array(fc.record({ follows: fc.boolean(), sameTime: fc.boolean(), at: fc.nat(1_000_000), length: fc.nat(5_000), time: fc.nat(10_000) }), {
  maxLength: 60,
});

describe('stream log', () => {
  it('gives back every piece logged, in order, with its position, length and time', () => {
    fc.assert(
      fc.property(pieces, fc.nat(70), (drawn, from) => {
        const log = createStreamLog();
        const logged: Array<[number, number, number]> = [];
        for (const p of drawn) {
          const last = logged.at(-1);
          const at = p.follows && last ? last[0] + last[1] : p.at;
          const time = p.sameTime && last ? last[2] : p.time;
          logPiece(log, at, p.length, time);
          logged.push([at, p.length, time]);
        }
        const seen: Array<[number, number, number]> = [];
        eachPiece(log, from, (at, length, time) => seen.push([at, length, time]));
        expect(loggedPieces(log)).toBe(logged.length);
        expect(seen).toEqual(logged.slice(from));
      }),
    );
  });

  it('keeps a stream written at once as one run: its lengths and three numbers', () => {
    const log = createStreamLog();
    let at = 100;
    for (const length of [10, 20, 30]) {
      logPiece(log, at, length, 7);
      at += length;
    }
    expect(log.runs).toEqual([100, 7, 0]);
    expect(log.lengths).toEqual([10, 20, 30]);
  });
});
