/**
 * A vector as OpenAI's `encoding_format: "base64"` sends it: the float32 little-endian bytes of
 * its values, base64-encoded (the openai SDKs decode exactly this).
 *
 * @example
 * encodeFloat32Base64([1, 0]); // 'AACAPwAAAAA='
 */
export function encodeFloat32Base64(values: readonly number[]): string {
  const view = new DataView(new ArrayBuffer(values.length * 4));
  for (let i = 0; i < values.length; i++) view.setFloat32(i * 4, values[i] as number, true);
  // btoa, not Buffer: the core also runs in browsers. Built in slices (no huge argument lists).
  const bytes = new Uint8Array(view.buffer);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x2000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x2000));
  return btoa(binary);
}
