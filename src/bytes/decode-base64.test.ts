import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64 } from './decode-base64.ts';
import { bytesToBase64 } from '../audio/pcm-wav.ts';

describe('decodeBase64', () => {
  it('round-trips any bytes, padded, unpadded, URL-safe or line-wrapped', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const b64 = bytesToBase64(bytes);
        expect(decodeBase64(b64)).toEqual(bytes);
        expect(decodeBase64(b64.replace(/=+$/, ''))).toEqual(bytes);
        expect(decodeBase64(b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''))).toEqual(bytes);
        expect(decodeBase64(b64.replace(/(.{76})/g, '$1\n'))).toEqual(bytes);
      }),
    );
  });

  it('refuses what is not base64', () => {
    for (const bad of ['not base64!', 'abc=d', 'A', 'AAAAA', '====', 'ab==cd', '%%%%']) expect(decodeBase64(bad), bad).toBeUndefined();
  });
});
