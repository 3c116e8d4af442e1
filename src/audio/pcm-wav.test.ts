import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToBase64 } from './pcm-wav.ts';

describe('bytesToBase64', () => {
  it('is the padded base64 of exactly the bytes of the view (a slice of a larger buffer too), as btoa gives it', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.nat(8), fc.nat(8), (bytes, skip, drop) => {
        const start = Math.min(skip, bytes.length);
        const view = bytes.subarray(start, Math.max(start, bytes.length - drop));
        expect(bytesToBase64(view)).toBe(btoa(String.fromCharCode(...view)));
      }),
    );
  });
});
