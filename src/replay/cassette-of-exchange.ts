import type { Cassette } from './cassette.ts';
import { redactExchange, type RawExchange } from './redact-exchange.ts';

/** Response headers a cassette keeps: those that change what a client does. */
const KEPT_RESPONSE_HEADERS =
  /^(content-type|cache-control|location|allow|retry-after|retry-after-ms|x-generation-id|www-authenticate|x-ratelimit-.*|x-should-retry)$/i;

/** The answer's headers a cassette keeps. */
export function keptResponseHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (KEPT_RESPONSE_HEADERS.test(name)) out[name] = value;
  });
  return out;
}

/** `post-responses` for `POST /responses?x=1`: the file name's readable part. */
export function cassetteSlug(method: string, path: string): string {
  const clean = path
    .split('?')[0]!
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `${method.toLowerCase()}-${clean || 'root'}`;
}

/** A path relative to `basePath` (`/v1/responses` -> `/responses`), or the path itself outside it. */
export function relativeTo(basePath: string, path: string): string {
  return basePath && (path === basePath || path.startsWith(`${basePath}/`) || path.startsWith(`${basePath}?`)) ? path.slice(basePath.length) || '/' : path;
}

/**
 * One exchange, redacted, as a cassette: its value, its text as written to a file, and the file
 * name's readable part. Writing it is the caller's (a Node recorder numbers the files).
 *
 * @example
 * const { slug, text } = cassetteOfExchange('https://gw.example/api/v1', raw, { first_byte_ms: 40, total_ms: 90 }, new Date().toISOString());
 */
export function cassetteOfExchange(
  upstream: string,
  raw: RawExchange,
  times: { first_byte_ms: number; total_ms: number },
  recordedAt: string,
): { slug: string; text: string; cassette: Cassette } {
  const redacted = redactExchange(raw);
  const cassette: Cassette = {
    gatewaykit_cassette: 1,
    recorded_at: recordedAt,
    upstream,
    request: redacted.request,
    response: { ...redacted.response, first_byte_ms: Math.round(times.first_byte_ms * 10) / 10, total_ms: Math.round(times.total_ms * 10) / 10 },
  };
  return { slug: cassetteSlug(raw.method, raw.path), text: `${JSON.stringify(cassette, null, 2)}\n`, cassette };
}
