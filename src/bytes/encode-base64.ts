/**
 * Base64 (standard alphabet, padded) of bytes, without node:buffer (the core also runs in
 * browsers); the inverse of `decodeBase64`.
 *
 * @example
 * encodeBase64(new Uint8Array([82, 73, 70, 70])); // 'UklGRg=='
 */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
