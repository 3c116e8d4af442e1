/**
 * The bytes of a base64 string (standard alphabet, `=` padding). A plain loop over a lookup
 * table: it runs wherever the package runs (node and browsers, no `Buffer`), and decodes the
 * 1.9 MB vocabulary in a few milliseconds, where `atob` builds an intermediate string first.
 *
 * @example
 * base64Bytes('aGk='); // Uint8Array [104, 105]
 */
export function base64Bytes(text: string): Uint8Array {
  const values = new Uint8Array(128);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < alphabet.length; i++) values[alphabet.charCodeAt(i)] = i;
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x3d) end--;
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let o = 0;
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
  return out;
}
