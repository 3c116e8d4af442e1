const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const CODES = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));
const PAD = 61; // '='
const ascii = new TextDecoder('latin1');

/**
 * A vector as OpenAI's `encoding_format: "base64"` sends it: the float32 little-endian bytes of
 * its values, base64-encoded (the openai SDKs decode exactly this). Encoded by table into ASCII
 * bytes: no node:buffer (the core also runs in browsers), and btoa over a spread string was ten
 * times slower for a 3072-value vector.
 *
 * @example
 * encodeFloat32Base64([1, 0]); // 'AACAPwAAAAA='
 */
export function encodeFloat32Base64(values: readonly number[]): string {
  const bytes = new Uint8Array(values.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < values.length; i++) view.setFloat32(i * 4, values[i] as number, true);
  const out = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  let o = 0;
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    out[o++] = CODES[n >>> 18] as number;
    out[o++] = CODES[(n >>> 12) & 63] as number;
    out[o++] = CODES[(n >>> 6) & 63] as number;
    out[o++] = CODES[n & 63] as number;
  }
  const rest = bytes.length - i;
  if (rest > 0) {
    const n = ((bytes[i] as number) << 16) | (rest === 2 ? (bytes[i + 1] as number) << 8 : 0);
    out[o++] = CODES[n >>> 18] as number;
    out[o++] = CODES[(n >>> 12) & 63] as number;
    out[o++] = rest === 2 ? (CODES[(n >>> 6) & 63] as number) : PAD;
    out[o++] = PAD;
  }
  return ascii.decode(out);
}
