import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random/seeded-random.ts';
import { concatBytes } from '../bytes/concat-bytes.ts';
import { cutPieces, rechunk } from './rechunk.ts';

describe('rechunk', () => {
  it('keeps every byte in order, in chunks of 1..64 bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), fc.integer(), (bytes, seed) => {
        const chunks = rechunk(bytes, seededRandom(seed, 'c'));
        expect(concatBytes(chunks)).toEqual(bytes);
        for (const c of chunks) expect(c.length >= 1 && c.length <= 64).toBe(true);
      }),
    );
  });

  it('splits inside multi-byte characters for some seed (the point of the chaos)', () => {
    const bytes = new TextEncoder().encode('café ☕ naïve 🙂 '.repeat(20));
    const splitsInside = rechunk(bytes, seededRandom(0, 'c'))
      .slice(0, -1)
      .some((chunk) => {
        const last = chunk[chunk.length - 1] as number;
        return last >= 0xc0 || (last & 0xc0) === 0x80;
      });
    expect(splitsInside).toBe(true);
  });
});

describe('cutPieces', () => {
  it('keeps the pieces before the index and a strict, non-empty part of that piece', () => {
    const enc = new TextEncoder();
    const pieces = ['a\n\n', 'event: x\ndata: {}\n\n', 'data: [DONE]\n\n'].map((s) => enc.encode(s));
    for (let seed = 0; seed < 20; seed++) {
      const cut = cutPieces(pieces, 1, seededRandom(seed, 'cut'));
      expect(cut).toHaveLength(2);
      expect(cut[0]).toEqual(pieces[0]);
      const part = cut[1] as Uint8Array;
      expect(part.length).toBeGreaterThan(0);
      expect(part.length).toBeLessThan((pieces[1] as Uint8Array).length);
    }
  });
});
