import { z } from 'zod';
import { formatZodError, gatewayZodErrorMap } from '../errors/format-zod-error.ts';
import { jsonValueDepthExceeds } from '../json/json-depth.ts';

/**
 * How deep a recorded JSON body may nest. Deeper than any real answer, shallow enough that
 * serialising it to answer never overflows the stack (200,000 levels did, as a 500 on replay).
 */
export const MAX_CASSETTE_JSON_DEPTH = 1024;

/** Strict base64 (RFC 4648 4, padded): what `atob` decodes without guessing. */
const Base64Schema = z.string().refine((s) => s.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(s), { error: 'not valid base64 (RFC 4648, padded)' });

/**
 * Header names and values the server can send (RFC 9110 5.1, 5.5): a token for the name; no CR,
 * LF or NUL in the value, and nothing past U+00FF (headers are bytes).
 */
const HeadersSchema = z.record(z.string(), z.string()).superRefine((headers, ctx) => {
  for (const [name, value] of Object.entries(headers)) {
    if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name))
      ctx.addIssue({ code: 'custom', path: [name], message: "not a valid header name (RFC 9110 5.1: letters, digits and !#$%&'*+-.^_`|~ only)" });
    else if (!/^[\t\x20-\x7e\x80-\xff]*$/.test(value))
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'not a valid header value (RFC 9110 5.5: no CR, LF, NUL or other control characters, nothing past U+00FF)',
      });
  }
});

/**
 * One recorded exchange (`gatewaykit record`): a readable JSON file. A body is kept as parsed
 * JSON when that re-serialises to the same bytes, else as text, else as base64; an event stream
 * as its chunks, each with its arrival time, so boundaries and timing replay as recorded.
 */
const ChunkSchema = z.union([
  z.strictObject({ at_ms: z.number().min(0), text: z.string() }),
  z.strictObject({ at_ms: z.number().min(0), base64: Base64Schema }),
]);
export type CassetteChunk = z.infer<typeof ChunkSchema>;

const BodySchema = z.union([
  z.strictObject({
    json: z.unknown().refine((value) => !jsonValueDepthExceeds(value, MAX_CASSETTE_JSON_DEPTH), {
      error: `nests arrays/objects deeper than ${MAX_CASSETTE_JSON_DEPTH} levels`,
    }),
  }),
  z.strictObject({ text: z.string() }),
  z.strictObject({ base64: Base64Schema }),
  z.strictObject({ chunks: z.array(ChunkSchema) }),
]);
export type CassetteBody = z.infer<typeof BodySchema>;

export const CassetteSchema = z.strictObject({
  gatewaykit_cassette: z.literal(1),
  recorded_at: z.string(),
  /** The upstream's base URL, credentials never included. */
  upstream: z.string(),
  request: z.strictObject({
    method: z.string().min(1),
    /** Relative to the base URL: `/responses`, `/models?category=x`. */
    path: z.string().startsWith('/'),
    /** Request headers that shape the answer; credentials are `[REDACTED]`. */
    headers: HeadersSchema,
    body: BodySchema.nullable(),
  }),
  response: z.strictObject({
    /** A final answer: 1xx statuses are interim (101 switches protocols) and cannot be replayed. */
    status: z.number().int().min(200, 'must be a final status, 200 to 599 (a 1xx answer cannot be replayed)').max(599),
    /** The headers that matter (content type, retry delays, generation id, location, ...). */
    headers: HeadersSchema,
    body: BodySchema.nullable(),
    /** Milliseconds from sending the request to the first body byte, and to the end. */
    first_byte_ms: z.number().min(0),
    total_ms: z.number().min(0),
  }),
});
export type Cassette = z.infer<typeof CassetteSchema>;

/**
 * Validate one cassette; throws a TypeError naming `label` and the path of the problem.
 *
 * @example
 * const cassette = parseCassette(JSON.parse(text), '0001-post-responses.json');
 */
export function parseCassette(input: unknown, label = 'cassette'): Cassette {
  const parsed = CassetteSchema.safeParse(input, { error: gatewayZodErrorMap });
  if (!parsed.success) throw new TypeError(`${label}: ${formatZodError(parsed.error)}`);
  return parsed.data;
}

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes as UTF-8 text when they are valid UTF-8, else undefined. */
export function utf8OrUndefined(bytes: Uint8Array): string | undefined {
  try {
    return fatalUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The most readable form of a body that replays byte for byte: JSON when re-serialising gives
 * the same text, else the text, else base64.
 *
 * @example
 * bodyOf(new TextEncoder().encode('{"a":1}')); // { json: { a: 1 } }
 */
export function bodyOf(bytes: Uint8Array): CassetteBody | null {
  if (bytes.byteLength === 0) return null;
  const text = utf8OrUndefined(bytes);
  if (text === undefined) return { base64: toBase64(bytes) };
  try {
    const json: unknown = JSON.parse(text);
    if (JSON.stringify(json) === text) return { json };
  } catch {
    // not JSON: keep the text
  }
  return { text };
}

const encoder = new TextEncoder();

/** The bytes of a recorded body (all chunks joined for a stream). */
export function bytesOf(body: CassetteBody | null): Uint8Array {
  if (!body) return new Uint8Array(0);
  if ('json' in body) return encoder.encode(JSON.stringify(body.json));
  if ('text' in body) return encoder.encode(body.text);
  if ('base64' in body) return fromBase64(body.base64);
  const parts = body.chunks.map(chunkBytes);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** One chunk's bytes. */
export function chunkBytes(chunk: CassetteChunk): Uint8Array {
  return 'text' in chunk ? encoder.encode(chunk.text) : fromBase64(chunk.base64);
}

/** Base64 of bytes, without node's Buffer (the core also runs in browsers). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Bytes of base64 text. */
export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
