/** Node's Buffer, when there is one (its base64 decoder is native); the package also runs in browsers. */
interface NodeBuffer {
  from(text: string, encoding: 'base64'): Uint8Array;
}
const nodeBuffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decode one base64 chunk into `out` at `at` with a plain loop; returns where it ended. */
function decodeInto(text: string, out: Uint8Array, at: number, values: Uint8Array): number {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x3d) end--;
  let o = at;
  let i = 0;
  for (; i + 4 <= end; i += 4) {
    const n = (values[text.charCodeAt(i)]! << 18) | (values[text.charCodeAt(i + 1)]! << 12) | (values[text.charCodeAt(i + 2)]! << 6) | values[text.charCodeAt(i + 3)]!;
    out[o++] = n >> 16;
    out[o++] = (n >> 8) & 0xff;
    out[o++] = n & 0xff;
  }
  const rest = end - i;
  if (rest >= 2) {
    const n = (values[text.charCodeAt(i)]! << 18) | (values[text.charCodeAt(i + 1)]! << 12) | (rest === 3 ? values[text.charCodeAt(i + 2)]! << 6 : 0);
    out[o++] = n >> 16;
    if (rest === 3) out[o++] = (n >> 8) & 0xff;
  }
  return o;
}

/** Bytes of one base64 chunk, padding aside. */
function decodedLength(text: string): number {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x3d) end--;
  return Math.floor((end * 3) / 4);
}

/**
 * The bytes of base64 text given in chunks (standard alphabet; every chunk but the last a whole
 * number of 4-character groups, so the chunks decode one after the other). Node's native decoder
 * where there is one; elsewhere (browsers) a plain loop over a lookup table.
 *
 * @example
 * base64Bytes(['aGk=']); // Uint8Array [104, 105]
 * base64Bytes(['aGVs', 'bG8=']); // the bytes of 'hello'
 */
export function base64Bytes(chunks: readonly string[], useNative = nodeBuffer !== undefined): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + decodedLength(c), 0));
  let at = 0;
  if (useNative && nodeBuffer) {
    for (const chunk of chunks) {
      const bytes = nodeBuffer.from(chunk, 'base64');
      out.set(bytes, at);
      at += bytes.length;
    }
    return out;
  }
  const values = new Uint8Array(128);
  for (let i = 0; i < ALPHABET.length; i++) values[ALPHABET.charCodeAt(i)] = i;
  for (const chunk of chunks) at = decodeInto(chunk, out, at, values);
  return out;
}
