import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createByteRing } from './byte-ring.ts';

describe('byte ring', () => {
  it('keeps a text written as its UTF-8 in one-byte form exactly as one written as text, across the end of the buffer too', () => {
    let acrossTheEnd = 0;
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 40 }), { minLength: 1, maxLength: 12 }), (texts) => {
        // Only the pair being compared is live, so a small ring wraps: many writes land across its end.
        let live = 0;
        const ring = createByteRing({ maxCapacity: 1 << 16, initialCapacity: 64, oldestLive: () => live, dropOldest: () => false });
        for (const text of texts) {
          live = ring.written;
          const asText = ring.writeText(text);
          const asLatin1 = ring.writeLatin1(Buffer.from(text, 'utf8').toString('latin1'));
          if ((asLatin1.at % ring.capacity) + asLatin1.length > ring.capacity) acrossTheEnd++;
          expect(asLatin1.length).toBe(asText.length);
          expect(ring.read(asLatin1.at, asLatin1.length)).toEqual(ring.read(asText.at, asText.length));
          expect(ring.readText(asLatin1.at, asLatin1.length)).toBe(text);
        }
      }),
    );
    expect(acrossTheEnd).toBeGreaterThan(0);
  });
});
