import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { base64Bytes } from './base64-bytes.ts';

describe('base64Bytes', () => {
  it("decodes chunked base64 the same with Node's Buffer and with atob (the browser path)", () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 40 }), { maxLength: 5 }), fc.uint8Array({ maxLength: 7 }), (whole, last) => {
        // Every chunk but the last a whole number of 3-byte groups, as the vocabulary is cut.
        const parts = [...whole.map((b) => b.subarray(0, b.length - (b.length % 3))), last];
        const chunks = parts.map((b) => Buffer.from(b).toString('base64'));
        const expected = Uint8Array.from(parts.flatMap((b) => [...b]));
        expect(base64Bytes(chunks, false)).toEqual(expected);
        expect(base64Bytes(chunks, true)).toEqual(expected);
      }),
      { seed: 47, numRuns: 300 },
    );
    expect([...base64Bytes(['aGVs', 'bG8='], false)]).toEqual([...Buffer.from('hello')]);
  });
});
