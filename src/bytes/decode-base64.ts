const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE64URL = /^[A-Za-z0-9\-_]*$/;

/**
 * Strictly decode base64 (standard alphabet with padding, or the URL-safe alphabet without it).
 * Whitespace (line-wrapped base64) is ignored; anything else that is not base64 gives undefined,
 * so a caller can answer 400 instead of transcribing garbage. Uses `atob`, present in browsers and
 * Node, because the core must not import node modules.
 *
 * @example
 * decodeBase64('UklGRg=='); // Uint8Array [82, 73, 70, 70]
 * decodeBase64('not base64!'); // undefined
 */
export function decodeBase64(text: string): Uint8Array | undefined {
  const padded = paddedBase64(text);
  if (padded === undefined) return undefined;
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    return undefined;
  }
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/**
 * Whether `text` is base64 as {@link decodeBase64} reads it, without decoding it.
 *
 * @example
 * isBase64('iVBORw0KGgo='); // true
 * isBase64('not base64!'); // false
 */
export function isBase64(text: string): boolean {
  return paddedBase64(text) !== undefined;
}

/** `text` as padded standard base64 (whitespace dropped, the URL-safe alphabet mapped), or undefined when it is not base64. */
function paddedBase64(text: string): string | undefined {
  let s = text.replace(/[\t\n\r ]/g, '');
  if (BASE64URL.test(s) && /[-_]/.test(s)) s = s.replace(/-/g, '+').replace(/_/g, '/');
  if (!BASE64.test(s)) return undefined;
  const unpadded = s.replace(/=+$/, '');
  if (unpadded.length % 4 === 1) return undefined;
  if (s.length % 4 !== 0 && s.includes('=')) return undefined;
  return unpadded + '='.repeat((4 - (unpadded.length % 4)) % 4);
}
