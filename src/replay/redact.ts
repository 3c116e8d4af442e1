/** What stands where a credential was. */
export const REDACTED = '[REDACTED]';

/** Request headers that carry credentials (any letter case). */
const CREDENTIAL_HEADERS = /^(authorization|proxy-authorization|x-api-key|api-key|x-goog-api-key|cookie|x-gateway-api-key|openai-organization|openai-project)$/i;
/** Query parameters and JSON fields that carry credentials. */
const CREDENTIAL_NAMES = /^(api[_-]?key|apikey|key|token|access[_-]?token|secret|client[_-]?secret|password|authorization)$/i;

/**
 * The credential values a request carries: bearer tokens and keys from its headers, and
 * credential-named query parameters. Every occurrence of these, anywhere in a cassette, is
 * replaced by {@link REDACTED}.
 *
 * @example
 * credentialValues(new Headers({ authorization: 'Bearer sk-live-1' }), '/models'); // ['sk-live-1', 'Bearer sk-live-1']
 */
export function credentialValues(headers: Headers, path: string): string[] {
  const out: string[] = [];
  headers.forEach((value, name) => {
    if (!CREDENTIAL_HEADERS.test(name) || value.trim() === '') return;
    const bearer = /^\s*(?:Bearer|Basic|Token)\s+(.+)$/i.exec(value);
    if (bearer?.[1]) out.push(bearer[1].trim());
    out.push(value.trim());
  });
  const query = path.includes('?') ? new URLSearchParams(path.slice(path.indexOf('?') + 1)) : undefined;
  query?.forEach((value, name) => {
    if (CREDENTIAL_NAMES.test(name) && value !== '') out.push(value);
  });
  // Longest first, so a value containing another is replaced whole. Short values (< 4
  // characters) are too likely to occur by chance in ordinary text to be replaced everywhere.
  return [...new Set(out)].filter((v) => v.length >= 4).sort((a, b) => b.length - a.length);
}

/** `text` with every occurrence of `secrets` replaced. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join(REDACTED);
  return out;
}

/** Headers to keep in a cassette's request: credentials redacted, hop-by-hop ones dropped. */
export function redactRequestHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (/^(host|connection|content-length|transfer-encoding|accept-encoding|keep-alive|te|upgrade)$/i.test(name)) return;
    out[name] = CREDENTIAL_HEADERS.test(name) ? (/^\s*Bearer\s/i.test(value) ? `Bearer ${REDACTED}` : REDACTED) : value;
  });
  return out;
}

/** A path with credential-named query parameters redacted. */
export function redactPath(path: string): string {
  const q = path.indexOf('?');
  if (q < 0) return path;
  const params = new URLSearchParams(path.slice(q + 1));
  let changed = false;
  for (const [name] of [...params]) {
    if (CREDENTIAL_NAMES.test(name)) {
      params.set(name, REDACTED);
      changed = true;
    }
  }
  return changed ? `${path.slice(0, q)}?${params.toString()}` : path;
}

/** A JSON value with credential-named fields redacted (recursively). */
export function redactJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactJson);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = CREDENTIAL_NAMES.test(k) && typeof v === 'string' ? REDACTED : redactJson(v);
  return out;
}
