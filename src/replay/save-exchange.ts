import type { Cassette } from './cassette.ts';
import { redactExchange, type RawExchange } from './redact-exchange.ts';
import { writeNumberedCassette } from './write-cassette.ts';

/** Response headers a cassette keeps: those that change what a client does. */
const KEPT_RESPONSE_HEADERS = /^(content-type|cache-control|location|allow|retry-after|retry-after-ms|x-generation-id|www-authenticate|x-ratelimit-.*|x-should-retry)$/i;

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
  const clean = path.split('?')[0]!.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
  return `${method.toLowerCase()}-${clean || 'root'}`;
}

/** A path relative to `basePath` (`/v1/responses` -> `/responses`), or the path itself outside it. */
export function relativeTo(basePath: string, path: string): string {
  return basePath && (path === basePath || path.startsWith(`${basePath}/`) || path.startsWith(`${basePath}?`)) ? path.slice(basePath.length) || '/' : path;
}

/**
 * Redact one exchange and write it as the next numbered cassette in `out`.
 *
 * @example
 * const { file } = saveExchange('cassettes', 'https://gw.example/api/v1', raw, { first_byte_ms: 40, total_ms: 90 }, new Date().toISOString());
 */
export function saveExchange(out: string, upstream: string, raw: RawExchange, times: { first_byte_ms: number; total_ms: number }, recordedAt: string): { file: string; cassette: Cassette } {
  const redacted = redactExchange(raw);
  const cassette: Cassette = {
    gatewaykit_cassette: 1,
    recorded_at: recordedAt,
    upstream,
    request: redacted.request,
    response: { ...redacted.response, first_byte_ms: Math.round(times.first_byte_ms * 10) / 10, total_ms: Math.round(times.total_ms * 10) / 10 },
  };
  const file = writeNumberedCassette(out, cassetteSlug(raw.method, raw.path), `${JSON.stringify(cassette, null, 2)}\n`);
  return { file, cassette };
}
