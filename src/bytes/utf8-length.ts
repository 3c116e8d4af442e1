interface NodeBuffer {
  byteLength(text: string, encoding: 'utf8'): number;
}
/** Node's Buffer, when there: it measures UTF-8 natively (a browser has none). */
const nodeBuffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;

/**
 * UTF-8 length of `text` without encoding it; a lone surrogate counts 3 (it is written as
 * U+FFFD). Native in Node, a loop elsewhere.
 *
 * @example
 * utf8ByteLength('é🙂'); // 6
 */
export function utf8ByteLength(text: string): number {
  return nodeBuffer ? nodeBuffer.byteLength(text, 'utf8') : utf8ByteLengthCounted(text);
}

/** {@link utf8ByteLength} counted in JavaScript (what a browser runs). */
export function utf8ByteLengthCounted(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
