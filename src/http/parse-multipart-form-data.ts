import { decodeBase64 } from '../bytes/decode-base64.ts';

/** One entry of a `multipart/form-data` body: a text field, or a file part (one with a filename). */
export type FormEntry =
  | { readonly kind: 'field'; readonly name: string; readonly value: string }
  | { readonly kind: 'file'; readonly name: string; readonly filename: string; readonly type: string; readonly bytes: Uint8Array };

/** The entries in body order, or why the body is not `multipart/form-data`. */
export type MultipartResult = { readonly ok: true; readonly entries: readonly FormEntry[] } | { readonly ok: false; readonly error: string };

const CR = 0x0d;
const LF = 0x0a;
const DASH = 0x2d;
const utf8 = new TextDecoder('utf-8');
// A field's value is decoded without removing a byte-order mark (the Fetch standard's form parser).
const utf8KeepingBom = new TextDecoder('utf-8', { ignoreBOM: true });
const latin1 = new TextDecoder('latin1');
const encoder = new TextEncoder();
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * The `boundary` parameter of a `multipart/form-data` Content-Type, unquoted; undefined when absent
 * or empty.
 *
 * @example
 * boundaryOf('multipart/form-data; boundary="a b"'); // 'a b'
 */
export function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(contentType);
  const value = match?.[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match?.[2];
  return value ? value : undefined;
}

function startsWith(bytes: Uint8Array, at: number, prefix: Uint8Array): boolean {
  if (at + prefix.length > bytes.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[at + i] !== prefix[i]) return false;
  return true;
}

/** Where `needle` next occurs in `bytes` from `from`, or -1. */
function indexOf(bytes: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0]!;
  for (let i = bytes.indexOf(first, from); i !== -1 && i + needle.length <= bytes.length; i = bytes.indexOf(first, i + 1)) {
    if (startsWith(bytes, i, needle)) return i;
  }
  return -1;
}

/** A quoted name as browsers write it: `"`, CR and LF percent-encoded, nothing else escaped. */
function formName(quoted: string): string {
  return quoted.replace(/%0A/gi, '\n').replace(/%0D/gi, '\r').replace(/%22/g, '"');
}

interface Disposition {
  readonly name: string | undefined;
  readonly filename: string | undefined;
}

/** `form-data; name="file"; filename="a.wav"` (RFC 7578 section 4.2; `filename*` as RFC 6266). */
function parseDisposition(value: string): Disposition | string {
  const semicolon = value.indexOf(';');
  const type = (semicolon === -1 ? value : value.slice(0, semicolon)).trim().toLowerCase();
  if (type !== 'form-data') return `a part's Content-Disposition is ${JSON.stringify(type)}, not form-data`;
  let name: string | undefined;
  let filename: string | undefined;
  let extended: string | undefined;
  const param = /;\s*([^\s=;]+)\s*=\s*(?:"([^"\r\n]*)"|([^;\s]*))/gy;
  param.lastIndex = semicolon === -1 ? value.length : semicolon;
  for (let m = param.exec(value); m; m = param.exec(value)) {
    const key = m[1]!.toLowerCase();
    const quoted = m[2];
    const raw = quoted !== undefined ? formName(quoted) : m[3]!;
    if (key === 'name') name = raw;
    else if (key === 'filename') filename = raw;
    else if (key === 'filename*') {
      const encoded = /^utf-8'[^']*'(.*)$/i.exec(raw);
      if (!encoded) return `a part's filename* is not UTF-8 ('utf-8''...')`;
      try {
        extended = decodeURIComponent(encoded[1]!);
      } catch {
        return `a part's filename* is not valid percent-encoded UTF-8`;
      }
    }
  }
  return { name, filename: extended ?? filename };
}

/**
 * Parse a whole `multipart/form-data` body (RFC 7578) held in memory, as the Fetch standard's form
 * parser reads one: parts are `--boundary CRLF headers CRLF CRLF body CRLF`, the last boundary is
 * followed by `--`; a part needs a Content-Disposition `form-data` with a name; a part with a
 * filename is a file (its type `text/plain` when it has no Content-Type), any other a UTF-8 text
 * field. Leading and trailing blank lines are ignored, as is anything after the closing boundary.
 * Malformed input is a value (`ok: false`, with the reason), never a throw.
 *
 * @example
 * const parsed = parseMultipartFormData(bytes, 'multipart/form-data; boundary=x');
 * if (parsed.ok) parsed.entries; // [{ kind: 'field', name: 'model', value: 'openai/whisper-1' }, ...]
 */
export function parseMultipartFormData(bytes: Uint8Array, contentType: string): MultipartResult {
  const boundary = boundaryOf(contentType);
  if (boundary === undefined) return { ok: false, error: 'the Content-Type has no boundary parameter' };
  const delimiter = encoder.encode(`--${boundary}`);
  const closing = encoder.encode(`\r\n--${boundary}`);
  let end = bytes.length;
  while (end >= 2 && bytes[end - 2] === CR && bytes[end - 1] === LF) end -= 2;
  const body = bytes.subarray(0, end);
  let at = 0;
  while (body[at] === CR && body[at + 1] === LF) at += 2;
  const entries: FormEntry[] = [];
  for (;;) {
    if (!startsWith(body, at, delimiter))
      return { ok: false, error: entries.length === 0 ? 'the body does not start with the boundary' : 'a part is not followed by the boundary' };
    at += delimiter.length;
    if (body[at] === DASH && body[at + 1] === DASH) return { ok: true, entries };
    if (body[at] !== CR || body[at + 1] !== LF) return { ok: false, error: 'the boundary is not followed by a line break' };
    at += 2;
    let name: string | undefined;
    let filename: string | undefined;
    let type: string | undefined;
    let encoding: string | undefined;
    while (!(body[at] === CR && body[at + 1] === LF)) {
      const lineEnd = indexOf(body, closing.subarray(0, 2), at);
      if (lineEnd === -1) return { ok: false, error: "a part's headers do not end with a blank line" };
      const line = utf8.decode(body.subarray(at, lineEnd));
      at = lineEnd + 2;
      const colon = line.indexOf(':');
      const field = (colon === -1 ? '' : line.slice(0, colon)).trim();
      if (!TOKEN.test(field)) return { ok: false, error: `a part has a malformed header line ${JSON.stringify(line.slice(0, 80))}` };
      const value = line.slice(colon + 1).trim();
      switch (field.toLowerCase()) {
        case 'content-disposition': {
          const disposition = parseDisposition(value);
          if (typeof disposition === 'string') return { ok: false, error: disposition };
          ({ name, filename } = disposition);
          break;
        }
        case 'content-type':
          // A type that is not ASCII is no type at all (Fetch's form parser).
          type = /^[\x20-\x7e]*$/.test(value) ? value : '';
          break;
        case 'content-transfer-encoding':
          encoding = value.toLowerCase();
          break;
      }
    }
    at += 2;
    const bodyEnd = indexOf(body, closing, at);
    if (bodyEnd === -1) return { ok: false, error: 'a part is not closed by the boundary' };
    let content = body.subarray(at, bodyEnd);
    at = bodyEnd + 2;
    if (name === undefined) return { ok: false, error: 'a part has no Content-Disposition with a name' };
    if (encoding === 'base64') {
      const decoded = decodeBase64(latin1.decode(content));
      if (!decoded) return { ok: false, error: `part ${JSON.stringify(name)} is not valid base64 (Content-Transfer-Encoding: base64)` };
      content = decoded;
    }
    entries.push(
      filename !== undefined
        ? { kind: 'file', name, filename, type: type ?? 'text/plain', bytes: content }
        : { kind: 'field', name, value: utf8KeepingBom.decode(content) },
    );
  }
}
