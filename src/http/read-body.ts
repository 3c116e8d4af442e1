import { concatBytes } from '../bytes/concat-bytes.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { MAX_JSON_DEPTH, jsonDepthExceeds } from '../json/json-depth.ts';

export { MAX_JSON_DEPTH, jsonDepthExceeds };

/** 413 for a declared Content-Length over the limit (refused before a byte is read). */
export function declaredTooLarge(declared: string, limit: number): GatewayError {
  return new GatewayError(413, `Payload too large: ${declared} bytes exceeds the ${limit}-byte limit`);
}

/** 413 for a body that passed the limit while being read. */
export function bodyTooLarge(limit: number): GatewayError {
  return new GatewayError(413, `Payload too large: body exceeds the ${limit}-byte limit`);
}

/**
 * Read a request body, refusing with 413 as soon as it passes `limit` bytes (enforced while
 * reading, never buffering past the limit). A declared Content-Length over the limit is
 * refused before a byte is read.
 */
export async function readBodyLimited(request: Request, limit: number): Promise<Uint8Array> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw declaredTooLarge(declared, limit);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Stop pulling and let go; do not cancel(): msw's interceptor never settles a cancelled
      // request body, which would hang the caller in-process. The node adapter closes the socket
      // after the 413, so nothing more is read there either.
      reader.releaseLock();
      throw bodyTooLarge(limit);
    }
    chunks.push(value);
  }
  return chunks.length === 1 ? (chunks[0] as Uint8Array) : concatBytes(chunks);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** True for `application/json`, `application/*+json`, with or without parameters. */
export function isJsonContentType(contentType: string | null): boolean {
  if (contentType === null) return true; // lenient: a body with no declared type is tried as JSON
  if (contentType === 'application/json') return true; // what clients send: nothing to take apart
  const mime = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return mime === 'application/json' || (mime.startsWith('application/') && mime.endsWith('+json'));
}

/** Decode and parse a JSON body; every failure is a 400 in the spec 7 envelope. */
export function parseJsonBody(bytes: Uint8Array, contentType: string | null): unknown {
  if (!isJsonContentType(contentType)) {
    throw new GatewayError(400, `Content-Type must be application/json (got "${contentType}")`);
  }
  if (bytes.byteLength === 0) throw new GatewayError(400, 'Request body is required (JSON)');
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new GatewayError(400, 'Request body is not valid UTF-8');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new GatewayError(400, `Malformed JSON in request body: ${(e as Error).message}`);
  }
  // Only containers can nest; scan the text (cheap, stops early) only when it holds some and is
  // long enough to: JSON that parsed is balanced, so nesting past the limit takes more than
  // twice the limit in brackets alone.
  if (typeof parsed === 'object' && parsed !== null && text.length > 2 * MAX_JSON_DEPTH && jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
    throw new GatewayError(400, `Request body nests arrays/objects deeper than ${MAX_JSON_DEPTH} levels`);
  }
  return parsed;
}
