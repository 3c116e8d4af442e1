import { concatBytes } from '../bytes/concat-bytes.ts';
/** What stands where a credential was. */
export const REDACTED = '[REDACTED]';

/**
 * The recorder's redaction policy is deny-by-default: any header, query parameter or body field
 * whose *name* looks like it could carry a credential is redacted, whatever its value, and every
 * value redacted that way is then searched for (and redacted) everywhere else in the exchange,
 * the answer included. Over-redacting costs a less faithful cassette; under-redacting leaks a key.
 */

/** Header names that are not credentials although they look like one. */
const HEADER_ALLOWED = /^(idempotency-key|x-stainless-[a-z-]+|content-[a-z-]+|accept[a-z-]*)$/i;
/** Header names that carry credentials: any auth scheme, any *-key, *-token, secret, cookie, subscription key, signature. */
const HEADER_DENIED = /(auth|key|token|secret|passw|cookie|session|signature|credential|subscription)/i;

/** Field names (lower case, `-` read as `_`) that carry credentials, in a query, a form or JSON. */
const FIELD_DENIED =
  /^(?:api_?keys?|apikey|keys?|tokens?|secrets?|password|passwd|pwd|passphrase|authorization|auth|credentials?|bearer|cookies?|session|jwt)$|(?:^|_)(?:api_?keys?|apikey|secret|secret_key|access_key|private_key|password|token|auth|credentials?)$/;
/**
 * Query parameter names denied besides the field names: OAuth codes and URL signatures. (In a
 * body, `signature` is a reasoning block's and `code` an error's: not credentials there.)
 */
const QUERY_ONLY_DENIED = /^(code|sig|signature|x_amz_signature|x_amz_credential|x_amz_security_token)$/;
/** In an answer, `token` names a logprob's token text, not a credential. */
const ANSWER_ALLOWED = /^tokens?$/;

/** Whether a request header name is credential-shaped. */
export function isCredentialHeader(name: string): boolean {
  return !HEADER_ALLOWED.test(name) && HEADER_DENIED.test(name);
}

/** Credential field names of vendor configs (observability destinations: Arize, New Relic, S3), in snake form. */
const VENDOR_DENIED = /(?:^|_)(?:license_key|space_key|access_key_id)$/;

/** Whether a JSON, form or multipart field name is credential-shaped (`secretKey` read as `secret_key` too). */
export function isCredentialField(name: string, side: 'request' | 'answer' = 'request'): boolean {
  const normal = name.toLowerCase().replace(/-/g, '_');
  const snake = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/-/g, '_');
  const denied = FIELD_DENIED.test(normal) || FIELD_DENIED.test(snake) || VENDOR_DENIED.test(snake);
  return denied && !(side === 'answer' && (ANSWER_ALLOWED.test(normal) || ANSWER_ALLOWED.test(snake)));
}

/** Whether a query parameter name is credential-shaped. */
export function isCredentialQueryName(name: string): boolean {
  const normal = name.toLowerCase().replace(/-/g, '_');
  return FIELD_DENIED.test(normal) || QUERY_ONLY_DENIED.test(normal);
}

/**
 * A value of JSON's own vocabulary (`true`, `null`, a short number): redacted where it stands,
 * never searched for. A long number (an account PIN, a numeric key) is searched for; where that
 * breaks a JSON body, the body is redacted from its parsed form instead (`redact-exchange.ts`).
 */
function isJsonLiteral(value: string): boolean {
  return /^(true|false|null)$/.test(value) || (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value) && value.length < 6);
}

/**
 * The set of values redacted in one exchange. Values shorter than four characters, and values
 * that read as JSON literals, are redacted only where they stand: searched for everywhere, they
 * would turn `"stream":true` into invalid JSON or hit ordinary text by chance.
 */
export class SecretSet {
  readonly #values = new Set<string>();

  add(value: unknown): void {
    if (value === null || value === undefined) return;
    if (typeof value === 'object') {
      for (const v of Object.values(value)) this.add(v);
      return;
    }
    const text = String(value).trim();
    if (text.length < 4 || isJsonLiteral(text)) return;
    this.#values.add(text);
    // The forms the value takes inside JSON text and inside a URL or form.
    this.#values.add(JSON.stringify(text).slice(1, -1));
    this.#values.add(encodeURIComponent(text));
    this.#values.add(new URLSearchParams({ v: text }).toString().slice(2));
  }

  /** Longest first, so a value containing another is replaced whole. */
  values(): string[] {
    return [...this.#values].sort((a, b) => b.length - a.length);
  }
}

/** Collect the credentials of a request's headers into `secrets`. */
export function collectHeaderSecrets(headers: Headers, secrets: SecretSet): void {
  headers.forEach((value, name) => {
    if (!isCredentialHeader(name)) return;
    secrets.add(value);
    // Any scheme (`Bearer x`, `Digest x`, `SharedKey x`): the credentials after it too.
    const scheme = /^\s*[A-Za-z][\w.+-]*\s+(.+)$/.exec(value);
    if (scheme?.[1]) secrets.add(scheme[1]);
    if (/^\s*Basic\s/i.test(value) && scheme?.[1]) {
      try {
        const decoded = atob(scheme[1].trim());
        secrets.add(decoded);
        secrets.add(decoded.slice(decoded.indexOf(':') + 1));
      } catch {
        // not base64: the value itself is already in the set
      }
    }
  });
}

/** Collect credential-named query parameters of a path into `secrets`. */
export function collectQuerySecrets(path: string, secrets: SecretSet): void {
  const q = path.indexOf('?');
  if (q < 0) return;
  new URLSearchParams(path.slice(q + 1)).forEach((value, name) => {
    if (isCredentialQueryName(name)) secrets.add(value);
  });
}

/** Collect the values of credential-named fields of a JSON value (at any depth) into `secrets`. */
export function collectJsonSecrets(value: unknown, secrets: SecretSet): void {
  if (Array.isArray(value)) {
    for (const item of value) collectJsonSecrets(item, secrets);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [k, v] of Object.entries(value)) {
    if (isCredentialField(k)) secrets.add(v);
    else if (k.toLowerCase() === 'headers' && v !== null && typeof v === 'object' && !Array.isArray(v)) {
      // HTTP headers held in a body (an observability destination's config): the header rule applies.
      for (const [name, header] of Object.entries(v)) if (isCredentialHeader(name)) secrets.add(header);
    } else collectJsonSecrets(v, secrets);
  }
}

/** Collect the credential-named fields of a form or multipart body into `secrets`. */
export function collectFormSecrets(text: string, contentType: string, secrets: SecretSet): void {
  if (/^application\/x-www-form-urlencoded/i.test(contentType)) {
    new URLSearchParams(text).forEach((value, name) => {
      if (isCredentialField(name)) secrets.add(value);
    });
  } else if (/^multipart\/form-data/i.test(contentType)) {
    for (const part of multipartFields(text)) if (isCredentialField(part.name)) secrets.add(part.value);
  }
}

const MULTIPART_FIELD = /(content-disposition:[^\r\n]*?\bname="([^"]*)"[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([\s\S]*?)(\r?\n--)/gi;

function multipartFields(text: string): Array<{ name: string; value: string }> {
  return [...text.matchAll(MULTIPART_FIELD)].map((m) => ({ name: m[2]!, value: m[3]! }));
}

/** A header value with every known secret replaced; a credential header keeps only its scheme. */
export function redactHeaderValue(name: string, value: string, secrets: readonly string[]): string {
  if (isCredentialHeader(name)) {
    const scheme = /^\s*([A-Za-z][\w.+-]*)\s+\S/.exec(value);
    return scheme && /^(bearer|basic|token|digest|negotiate|hmac|sharedkey|aws4-hmac-sha256|apikey|key)$/i.test(scheme[1]!)
      ? `${scheme[1]} ${REDACTED}`
      : REDACTED;
  }
  return redactText(value, secrets);
}

/** Request headers to keep in a cassette: credentials redacted, hop-by-hop ones dropped. */
export function redactRequestHeaders(headers: Headers, secrets: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (/^(host|connection|content-length|transfer-encoding|accept-encoding|keep-alive|te|upgrade)$/i.test(name)) return;
    out[name] = redactHeaderValue(name, value, secrets);
  });
  return out;
}

/** `text` with every occurrence of `secrets` replaced. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join(REDACTED);
  return out;
}

/** A path with credential-named query parameters redacted, then every known secret. */
export function redactPath(path: string, secrets: readonly string[]): string {
  const q = path.indexOf('?');
  if (q < 0) return redactText(path, secrets);
  const pairs = path
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judge the name as written
      }
      return eq >= 0 && isCredentialQueryName(decoded) ? `${name}=${REDACTED}` : pair;
    });
  return redactText(`${path.slice(0, q)}?${pairs.join('&')}`, secrets);
}

/**
 * A JSON value with credential-named fields redacted (whatever their value: strings, numbers,
 * objects), and every string containing a known secret, or a number equal to one, redacted.
 */
export function redactJson(value: unknown, secrets: readonly string[] = [], side: 'request' | 'answer' = 'request'): unknown {
  if (Array.isArray(value)) return value.map((v) => redactJson(v, secrets, side));
  if (typeof value === 'string') return redactText(value, secrets);
  if (typeof value === 'number') return secrets.includes(String(value)) ? REDACTED : value;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    Object.defineProperty(out, k, {
      value: isCredentialField(k, side) && v !== null ? REDACTED : redactJson(v, secrets, side),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** A form or multipart body with its credential-named fields' values redacted where they stand. */
export function redactFormText(text: string, contentType: string): string {
  if (/^application\/x-www-form-urlencoded/i.test(contentType)) {
    return text
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        if (eq < 0) return pair;
        let name = pair.slice(0, eq);
        try {
          name = decodeURIComponent(name.replace(/\+/g, ' '));
        } catch {
          // judge as written
        }
        return isCredentialField(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
      })
      .join('&');
  }
  if (/^multipart\/form-data/i.test(contentType)) {
    return text.replace(MULTIPART_FIELD, (whole, head: string, name: string, _value: string, tail: string) =>
      isCredentialField(name) ? `${head}${REDACTED}${tail}` : whole,
    );
  }
  return text;
}

/** Bytes as a string of one character per byte, so secrets are found in any body, UTF-8 or not. */
function latin1(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return out;
}

function fromLatin1(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

/**
 * Pieces of one body (stream chunks, or one whole body) with every secret replaced, found in the
 * joined bytes so a secret split across two chunks is found too. A replaced value goes to the
 * chunk where it began; the chunk count stays the same.
 *
 * @example
 * redactPieces([enc('sk-se'), enc('cret-1')], ['sk-secret-1']); // [enc('[REDACTED]'), enc('')]
 */
export function redactPieces(pieces: readonly Uint8Array[], secrets: readonly string[]): Uint8Array[] {
  if (secrets.length === 0) return [...pieces];
  const joined = latin1(concatBytes(pieces));
  const spans: Array<[number, number]> = [];
  const covered = (at: number, end: number) => spans.some(([s, e]) => at < e && end > s);
  for (const secret of secrets) {
    const needle = latin1(new TextEncoder().encode(secret));
    for (let at = joined.indexOf(needle); at >= 0; at = joined.indexOf(needle, at + 1)) {
      if (!covered(at, at + needle.length)) spans.push([at, at + needle.length]);
    }
  }
  if (spans.length === 0) return [...pieces];
  spans.sort((a, b) => a[0] - b[0]);
  const out: Uint8Array[] = [];
  let start = 0;
  for (const piece of pieces) {
    const end = start + piece.byteLength;
    let pos = start;
    let text = '';
    for (const [s, e] of spans) {
      if (e <= pos || s >= end) continue;
      if (s < start) {
        pos = Math.max(pos, Math.min(e, end));
        continue;
      }
      text += joined.slice(pos, s) + REDACTED;
      pos = Math.max(pos, e);
    }
    if (pos < end) text += joined.slice(pos, end);
    out.push(fromLatin1(text));
    start = end;
  }
  return out;
}
