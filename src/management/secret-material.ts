import { hash53 } from '../random/hash.ts';

/** `count` hex digits drawn from the seed and a label: deterministic (DESIGN: same seed, same bytes). */
function hexDigits(seed: number, label: string, count: number): string {
  let out = '';
  for (let i = 0; out.length < count; i++) out += hash53(`${label}:${i}`, seed).toString(16).padStart(14, '0');
  return out.slice(0, count);
}

/**
 * The secret of the `seq`-th key a gateway creates (`sk-gw-v1-` and 64 hex digits, the shape of the
 * reference's `sk-or-v1-...`). It follows from the seed and the creation counter, so a replayed
 * session creates the same keys; the counter is kept in the state file, so a restarted gateway
 * never hands out a secret twice.
 *
 * @example
 * keySecret(0, 7); // 'sk-gw-v1-' + 64 hex digits
 */
export function keySecret(seed: number, seq: number): string {
  return `sk-gw-v1-${hexDigits(seed, `key-secret:${seq}`, 64)}`;
}

/** The id of the `seq`-th authorization code (reference createAuthKeysCode `data.id`). */
export function authCodeId(seed: number, seq: number): string {
  return `auth_code_${hexDigits(seed, `auth-code:${seq}`, 24)}`;
}

/**
 * SHA-256 of `text` as lower-case hex (Web Crypto, in Node and browsers): a key's `hash`, the
 * reference's 64-hex-digit identifier of a key.
 */
export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** SHA-256 of `text` as unpadded base64url (RFC 7636 4.2: the S256 code challenge of a verifier). */
export async function sha256Base64Url(text: string): Promise<string> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
