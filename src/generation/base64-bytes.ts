/** Node's Buffer, when there is one (its base64 decoder is native); the package also runs in browsers. */
interface NodeBuffer {
  from(text: string, encoding: 'base64'): Uint8Array;
}
const nodeBuffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;

/** Bytes of one base64 chunk, padding aside. */
function decodedLength(text: string): number {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x3d) end--;
  return Math.floor((end * 3) / 4);
}

/**
 * The bytes of base64 text given in chunks (standard alphabet; every chunk but the last a whole
 * number of 4-character groups, so the chunks decode one after the other). Node's Buffer where
 * there is one; elsewhere (browsers) `atob`.
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
  for (const chunk of chunks) {
    const binary = atob(chunk);
    for (let i = 0; i < binary.length; i++) out[at++] = binary.charCodeAt(i);
  }
  return out;
}
