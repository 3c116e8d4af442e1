import { hash53 } from '../random/hash.ts';

/** Authorization schemes whose name is kept in a masked value (IANA HTTP Authentication Scheme Registry). */
const AUTH_SCHEMES = new Set([
  'basic',
  'bearer',
  'digest',
  'dpop',
  'gnap',
  'hoba',
  'mutual',
  'negotiate',
  'ntlm',
  'oauth',
  'privatetoken',
  'scram-sha-1',
  'scram-sha-256',
  'vapid',
  'aws4-hmac-sha256',
  'token',
  'apikey',
  'hawk',
]);

/** Header names that always carry credentials, whatever their value looks like. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'api-key']);

/** Words that make a header name a credential (`x-auth-token`, `x-client-secret`, `openai-api-key`). */
const CREDENTIAL_WORDS = ['secret', 'token', 'key', 'password', 'passwd', 'credential', 'auth', 'cookie', 'signature'];

/**
 * Whether a header's value is a credential, judged by its name alone (values are never inspected:
 * a credential in an unexpected shape must be masked too).
 *
 * @example
 * isCredentialHeader('X-Api-Key'); // true
 * isCredentialHeader('x-session-id'); // false
 */
export function isCredentialHeader(name: string): boolean {
  const lower = name.toLowerCase();
  if (CREDENTIAL_HEADERS.has(lower)) return true;
  return CREDENTIAL_WORDS.some((word) => lower.includes(word));
}

/**
 * A stable, non-reversible id of a secret: a few leading characters (at most a quarter of it, and
 * at most 6, so short secrets show almost nothing) and 8 hex digits of a hash. Two keys that share
 * a prefix (`sk-gw-test`, `sk-gw-management`) still get different ids, so the journal can be
 * filtered by key without ever holding one.
 *
 * @example
 * maskSecret('sk-gw-test'); // 'sk…' followed by 8 hex digits
 * maskSecret('dXNlcjpwYXNz', false); // '…' followed by 8 hex digits
 */
export function maskSecret(secret: string, showPrefix = true): string {
  const visible = showPrefix ? secret.slice(0, Math.min(6, Math.floor(secret.length / 4))) : '';
  const digest = (hash53(secret, 0x6a6f75) % 0x100000000).toString(16).padStart(8, '0');
  return `${visible}…${digest}`;
}

/**
 * The value of a credential header with the secret masked. Authorization keeps its scheme name
 * when it is a registered one (`Bearer sk…1a2b3c4d`; Basic and Digest show no prefix, since they
 * start with the user name); everything after it is masked as one
 * secret, so a repeated header (joined as `Bearer a, Bearer b`) shows neither. A bare credential
 * (`Authorization: sk-...`) or any other credential header is masked whole.
 *
 * @example
 * maskCredential('authorization', 'Basic dXNlcjpwYXNz'); // 'Basic …' + 8 hex digits
 */
export function maskCredential(name: string, value: string): string {
  const lower = name.toLowerCase();
  if (lower === 'authorization' || lower === 'proxy-authorization') {
    const space = value.indexOf(' ');
    if (space > 0) {
      const scheme = value.slice(0, space);
      const lowerScheme = scheme.toLowerCase();
      // Basic and Digest credentials start with the user name: nothing of them is shown.
      const showPrefix = lowerScheme !== 'basic' && lowerScheme !== 'digest';
      if (AUTH_SCHEMES.has(lowerScheme)) return `${scheme} ${maskSecret(value.slice(space + 1).trim(), showPrefix)}`;
    }
  }
  return maskSecret(value);
}

/** Fetch `Headers`, or a plain record of them: anything that lists name and value pairs. */
export type HeaderSource = Pick<Headers, 'forEach'> | Readonly<Record<string, string>>;

/** Calls `callback` with each header's value and name (Fetch's `forEach` order for Headers), `this` being `thisArg`. */
export function eachHeader<T = undefined>(headers: HeaderSource, callback: (this: T, value: string, name: string) => void, thisArg?: T): void {
  if (typeof headers.forEach === 'function') (headers as Pick<Headers, 'forEach'>).forEach(callback as (value: string, name: string) => void, thisArg);
  else for (const name of Object.keys(headers)) callback.call(thisArg as T, (headers as Record<string, string>)[name] as string, name);
}

/**
 * Headers as the journal shows them: every credential masked ({@link isCredentialHeader}).
 *
 * @example
 * maskHeaders(new Headers({ 'x-api-key': 'k-123456789', accept: 'text/plain' })); // { 'x-api-key': 'k-…' + 8 hex digits, accept: 'text/plain' }
 */
export function maskHeaders(headers: HeaderSource): Record<string, string> {
  const out: Record<string, string> = {};
  eachHeader(headers, (value, name) => {
    out[name] = isCredentialHeader(name) ? maskCredential(name, value) : value;
  });
  return out;
}
