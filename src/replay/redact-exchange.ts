import { concatBytes } from '../bytes/concat-bytes.ts';
import { bodyOf, toBase64, utf8OrUndefined, type Cassette, type CassetteBody, type CassetteChunk } from './cassette.ts';
import {
  collectFormSecrets,
  collectHeaderSecrets,
  collectJsonSecrets,
  collectQuerySecrets,
  redactFormText,
  redactHeaderValue,
  redactJson,
  redactPath,
  redactPieces,
  redactRequestHeaders,
  SecretSet,
} from './redact.ts';

/** One exchange as the recorder saw it, before anything is redacted. */
export interface RawExchange {
  method: string;
  /** Relative to the upstream's base path, with its query. */
  path: string;
  requestHeaders: Headers;
  requestBody: Uint8Array;
  status: number;
  /** The answer's headers a cassette keeps. */
  responseHeaders: Record<string, string>;
  /** The answer's body as it arrived: several chunks for an event stream. */
  responseChunks: ReadonlyArray<{ at_ms: number; bytes: Uint8Array }>;
  isStream: boolean;
}

const decoder = new TextDecoder();

/**
 * The request and answer of a cassette with every credential redacted (the policy of
 * `redact.ts`): credential-named headers, query parameters and body fields where they stand,
 * then every value they held wherever it appears, in the request and in the answer, in text,
 * JSON, form, multipart and base64-stored bodies, and across stream chunk boundaries.
 *
 * @example
 * const { request, response } = redactExchange(raw);
 */
export function redactExchange(raw: RawExchange): Pick<Cassette, 'request'> & { response: Pick<Cassette['response'], 'status' | 'headers' | 'body'> } {
  const contentType = raw.requestHeaders.get('content-type') ?? '';
  const secrets = new SecretSet();
  collectHeaderSecrets(raw.requestHeaders, secrets);
  collectQuerySecrets(raw.path, secrets);
  const requestText = utf8OrUndefined(raw.requestBody) ?? decoder.decode(raw.requestBody);
  const requestJson = parseJson(requestText);
  if (requestJson.ok) collectJsonSecrets(requestJson.value, secrets);
  else collectFormSecrets(requestText, contentType, secrets);
  const values = secrets.values();

  // The request body: named fields where they stand, then every secret in the bytes.
  let requestBytes = raw.requestBody;
  if (!requestJson.ok && /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(contentType)) {
    requestBytes = latin1Bytes(redactFormText(latin1Text(raw.requestBody), contentType));
  }
  const requestBody = redactBody(bodyOf(redactPieces([requestBytes], values)[0]!), values, 'request', requestJson.ok ? requestJson.value : undefined);

  const responseHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw.responseHeaders)) responseHeaders[name] = redactHeaderValue(name, value, values);
  const pieces = redactPieces(
    raw.responseChunks.map((c) => c.bytes),
    values,
  );
  let responseBody: CassetteBody | null;
  if (raw.isStream) {
    responseBody = {
      chunks: pieces.map((bytes, i): CassetteChunk => {
        const at_ms = raw.responseChunks[i]!.at_ms;
        const text = utf8OrUndefined(bytes);
        return text === undefined ? { at_ms, base64: toBase64(bytes) } : { at_ms, text };
      }),
    };
  } else {
    const original = parseJson(utf8OrUndefined(concatBytes(raw.responseChunks.map((c) => c.bytes))) ?? '');
    responseBody = redactBody(bodyOf(concatBytes(pieces)), values, 'answer', original.ok ? original.value : undefined);
  }
  return {
    request: { method: raw.method, path: redactPath(raw.path, values), headers: redactRequestHeaders(raw.requestHeaders, values), body: requestBody },
    response: { status: raw.status, headers: responseHeaders, body: responseBody },
  };
}

/**
 * A JSON body gets the named-field rule on top of the byte search. Should the byte search have
 * broken a JSON body (a secret spanning JSON syntax), the body is redacted from its parsed form.
 */
function redactBody(body: CassetteBody | null, secrets: readonly string[], side: 'request' | 'answer', originalJson: unknown): CassetteBody | null {
  if (body && 'json' in body) return { json: redactJson(body.json, secrets, side) };
  if (originalJson === undefined || !body || !('text' in body)) return body;
  const parsed = parseJson(body.text);
  if (!parsed.ok) return { json: redactJson(originalJson, secrets, side) };
  const redacted = redactJson(parsed.value, secrets, side);
  // Keep the recorded text (its spacing) unless a named field had to go.
  return JSON.stringify(redacted) === JSON.stringify(parsed.value) ? body : { json: redacted };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function latin1Text(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return out;
}

function latin1Bytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}
