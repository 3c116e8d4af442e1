/** node:http's default limit on a response's head (`--max-http-header-size`): past it, the same failure. */
const MAX_HEAD_BYTES = 16 * 1024;
/** A header value as node:http's parser gives it: spaces and tabs around it dropped, nothing else. */
const OWS = /^[ \t]+|[ \t]+$/g;
const HEAD_OVERFLOW = 'response head larger than 16 KiB (node:http: HPE_HEADER_OVERFLOW)';

/**
 * How the body after a head is framed: `length` bytes, chunked, or until the connection closes
 * (which also leaves the connection unusable for another request).
 */
export type BodyFraming = { kind: 'length'; length: number } | { kind: 'chunked' } | { kind: 'until-close' };

/** What the bytes received so far say about the response head. */
export type HeadOutcome =
  | { kind: 'incomplete' }
  | { kind: 'failed'; error: Error }
  /** A 1xx answer: the final one follows in `rest`. */
  | { kind: 'interim'; rest: Buffer }
  | { kind: 'head'; status: number; headers: Record<string, string>; framing: BodyFraming; reusable: boolean; rest: Buffer };

interface HeadFields {
  headers: Record<string, string>;
  connection: string;
  length: string | undefined;
  encoding: string;
}

/** The header lines, joined as node:http joins repeated names (set-cookie kept last). */
function headFields(lines: readonly string[]): HeadFields {
  const fields: HeadFields = { headers: {}, connection: '', length: undefined, encoding: '' };
  const { headers } = fields;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).replace(OWS, '');
    headers[name] = headers[name] === undefined || name === 'set-cookie' ? value : `${headers[name]}, ${value}`;
    if (name === 'connection') fields.connection = value.toLowerCase();
    else if (name === 'content-length') fields.length = value;
    else if (name === 'transfer-encoding') fields.encoding = value.toLowerCase();
  }
  return fields;
}

/** The body framing the headers give (RFC 9112 6.3), or an Error for a malformed length. */
function framingOf(fields: HeadFields): BodyFraming | Error {
  if (fields.encoding !== '') {
    const codings = fields.encoding.split(',').map((c) => c.trim());
    return codings.includes('chunked') ? { kind: 'chunked' } : { kind: 'until-close' };
  }
  if (fields.length === undefined) return { kind: 'until-close' };
  const length = Number(fields.length);
  return Number.isSafeInteger(length) && length >= 0 ? { kind: 'length', length } : new Error('malformed content-length');
}

/**
 * Read a response head from the start of `buffer` (`crlf2` is `\r\n\r\n` as bytes). A head that
 * never ends (a hostile or broken target) fails as node:http's parser fails it. The answer to a
 * HEAD, a 204 and a 304 has no body whatever its headers say.
 */
export function readResponseHead(buffer: Buffer, crlf2: Buffer, method: string): HeadOutcome {
  const end = buffer.indexOf(crlf2);
  if (end < 0) return buffer.length > MAX_HEAD_BYTES ? { kind: 'failed', error: new Error(HEAD_OVERFLOW) } : { kind: 'incomplete' };
  if (end > MAX_HEAD_BYTES) return { kind: 'failed', error: new Error(HEAD_OVERFLOW) };
  const lines = buffer.toString('latin1', 0, end).split('\r\n');
  const rest = buffer.subarray(end + 4);
  const statusLine = /^HTTP\/1\.([01]) (\d{3})/.exec(lines[0]!);
  if (!statusLine) return { kind: 'failed', error: new Error('malformed status line') };
  const status = Number(statusLine[2]);
  if (status >= 100 && status < 200) return { kind: 'interim', rest };
  const fields = headFields(lines);
  const closes = statusLine[1] === '0' || fields.connection.split(',').some((c) => c.trim() === 'close') || status === 413;
  if (method === 'HEAD' || status === 204 || status === 304) {
    return {
      kind: 'head',
      status,
      headers: fields.headers,
      framing: { kind: 'length', length: 0 },
      reusable: !closes && rest.length === 0,
      rest: buffer.subarray(0, 0),
    };
  }
  const framing = framingOf(fields);
  if (framing instanceof Error) return { kind: 'failed', error: framing };
  return { kind: 'head', status, headers: fields.headers, framing, reusable: !closes && framing.kind !== 'until-close', rest };
}
