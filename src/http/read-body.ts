import { GatewayError } from '../errors/gateway-error.ts';

/**
 * Read a request body, refusing with 413 as soon as it passes `limit` bytes (issue 2.3: "enforced
 * while reading, without buffering past the limit"). A declared Content-Length over the limit is
 * refused before a byte is read.
 */
export async function readBodyLimited(request: Request, limit: number): Promise<Uint8Array> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) {
    throw new GatewayError(413, `Payload too large: ${declared} bytes exceeds the ${limit}-byte limit`);
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new GatewayError(413, `Payload too large: body exceeds the ${limit}-byte limit`);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** True for `application/json`, `application/*+json`, with or without parameters. */
export function isJsonContentType(contentType: string | null): boolean {
  if (contentType === null) return true; // lenient: a body with no declared type is tried as JSON
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
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new GatewayError(400, `Malformed JSON in request body: ${(e as Error).message}`);
  }
}
