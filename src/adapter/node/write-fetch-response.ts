import type { ServerResponse } from 'node:http';
import { headersRecord } from '../../http/light-headers.ts';
import { rawBodyOf, textByteLength, type RawBody } from '../../http/raw-body.ts';
import { WHOLE_DELIVERY } from '../../types/delivery.ts';

/**
 * Fetch Response -> ServerResponse, streaming the body with backpressure. When the client goes
 * away mid-stream the body reader is cancelled, which releases the producer's timers and buffers.
 *
 * A body that turns out to be one chunk (every JSON answer) goes out with a Content-Length in a
 * single write: no chunked framing, one syscall, the shape a bare node:http server has. Event
 * streams skip that look-ahead so their first event is never held back.
 *
 * @example
 * await writeFetchResponse(await gateway.handle(request), res);
 */
export async function writeFetchResponse(response: Response, res: ServerResponse): Promise<void> {
  await writeResponse(response, res);
}

/**
 * {@link writeFetchResponse}'s work: done before it returns (undefined) for an answer whose bytes
 * are all at hand and go out in one write (a JSON text, an event stream held whole as text), so
 * such an answer makes no promise; otherwise the promise of the writing.
 */
export function writeResponse(response: Response, res: ServerResponse): Promise<void> | undefined {
  const raw = rawBodyOf(response);
  if (!raw) return writeBodyStream(response, res);
  const headers = headerList(response.headers, 'text' in raw);
  if ('text' in raw) return writeText(raw, response.status, headers, res);
  res.writeHead(response.status, headers);
  if ('frames' in raw) return writeFrames(raw, res);
  return writePieces(raw, res);
}

/** An ordinary Fetch body, read through its stream. */
async function writeBodyStream(response: Response, res: ServerResponse): Promise<void> {
  const headers = headersRecord(response.headers);
  if (!response.body) {
    res.writeHead(response.status, headers);
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const onClose = () => void reader.cancel().catch(() => undefined);
  res.once('close', onClose);
  try {
    let pending: Uint8Array | undefined;
    const streaming = /^text\/event-stream/i.test(response.headers.get('content-type') ?? '');
    if (!streaming && !('content-length' in headers)) {
      const first = await reader.read();
      if (first.done) {
        headers['content-length'] = '0';
        res.writeHead(response.status, headers);
        return;
      }
      const second = await reader.read();
      if (second.done) {
        headers['content-length'] = String(first.value.byteLength);
        res.writeHead(response.status, headers);
        if (!res.destroyed) res.end(first.value);
        return;
      }
      res.writeHead(response.status, headers);
      if (!res.destroyed) res.write(first.value);
      pending = second.value;
    } else res.writeHead(response.status, headers);
    for (;;) {
      let value: Uint8Array;
      if (pending) {
        value = pending;
        pending = undefined;
      } else {
        const step = await reader.read();
        if (step.done) break;
        value = step.value;
      }
      if (res.destroyed) break;
      if (!res.write(value)) await drained(res);
    }
  } catch {
    // The producer failed after headers were sent: all we can do is end the stream.
    if (!res.headersSent) res.writeHead(response.status, headers);
  } finally {
    res.off('close', onClose);
    if (!res.destroyed && !res.writableEnded) res.end();
  }
}

/** Wait until `res` can take more, or is gone. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * The headers as the flat `[name, value, name, value, ...]` list `res.writeHead` takes, each
 * Set-Cookie on its own (Fetch's iteration yields them so): no record object per answer.
 */
function headerList(headers: Headers, withoutLength: boolean): string[] {
  const list: string[] = [];
  headers.forEach((value, name) => {
    // A text body's length is the one measured here (set below), never a second Content-Length.
    if (!withoutLength || name !== 'content-length') list.push(name, value);
  });
  return list;
}

/** The most bytes neighbouring stream pieces are joined into for one write. */
const MAX_JOINED_WRITE = 64 * 1024;

/** A JSON text the core already holds (src/http/raw-body.ts): one write with its Content-Length. */
function writeText(raw: Extract<RawBody, { text: string }>, status: number, headers: string[], res: ServerResponse): undefined {
  // Written as the text: node sends it behind the head in one write, encoded by the socket, with
  // no Buffer made (and no pool slab allocated every few answers) for it here.
  headers.push('content-length', String(textByteLength(raw)));
  res.writeHead(status, headers);
  // A text past ASCII goes as its UTF-8 in one-byte form when the core has it: nothing to encode.
  if (raw.latin1 !== undefined) res.end(raw.latin1, 'latin1');
  else res.end(raw.text);
  return undefined;
}

/**
 * An event stream's pieces the core already holds (the head written already), in order with
 * backpressure, without a web stream. A client that goes away stops the writing.
 *
 * The pieces are views of one buffer (src/streaming/encode-sse.ts): neighbouring ones go out as
 * one view of up to {@link MAX_JOINED_WRITE} bytes, each still reported `sent`. One write per
 * event cost a chunk header, a syscall and a wake-up of the reader each, most of what a short
 * stream cost the server; the bytes are the same. A body that asks for `separate` writes (random
 * chunking) gets one write per piece.
 */
async function writePieces(raw: Extract<RawBody, { pieces: unknown }>, res: ServerResponse): Promise<void> {
  const pieces = raw.pieces;
  let i = 0;
  while (i < pieces.length) {
    if (res.destroyed) return raw.delivered?.({ sent: i, of: pieces.length });
    const start = i;
    const first = pieces[i++] as Uint8Array;
    let run = first;
    if (!raw.separate) {
      // Extend the run while the next piece starts where it ends, in the same buffer.
      let end = first.byteOffset + first.byteLength;
      while (i < pieces.length) {
        const next = pieces[i] as Uint8Array;
        if (next.buffer !== first.buffer || next.byteOffset !== end || end + next.byteLength - first.byteOffset > MAX_JOINED_WRITE) break;
        end += next.byteLength;
        i++;
      }
      if (end !== first.byteOffset + first.byteLength) run = new Uint8Array(first.buffer, first.byteOffset, end - first.byteOffset);
    }
    raw.sent?.(pieces, start, i);
    // The last write ends the response in the same call: the closing chunk goes in the same packet.
    if (i === pieces.length) {
      res.end(run);
      return raw.delivered?.(WHOLE_DELIVERY);
    }
    if (!res.write(run)) await drained(res);
  }
  if (!res.destroyed) res.end();
  raw.delivered?.(WHOLE_DELIVERY);
}

/**
 * An event stream held as text: written as text (node encodes it into the socket's buffer), in
 * writes of whole frames of up to {@link MAX_JOINED_WRITE} characters, the last with the end of
 * the response; each write's frames reported `sent`.
 */
function writeFrames(raw: Extract<RawBody, { frames: unknown }>, res: ServerResponse): Promise<void> | undefined {
  const { list, text } = raw.frames;
  if (text.length > MAX_JOINED_WRITE) return writeFrameRuns(raw, res);
  raw.sent?.(0, list.length);
  res.end(text);
  raw.delivered?.(WHOLE_DELIVERY);
  return undefined;
}

/** A stream longer than one write: its frames in runs of up to {@link MAX_JOINED_WRITE} characters, with backpressure. */
async function writeFrameRuns(raw: Extract<RawBody, { frames: unknown }>, res: ServerResponse): Promise<void> {
  const { list, text } = raw.frames;
  let i = 0;
  let at = 0;
  while (i < list.length) {
    if (res.destroyed) return raw.delivered?.({ sent: i, of: list.length });
    const from = i;
    let end = at;
    do end += (list[i++] as string).length;
    while (i < list.length && end - at + (list[i] as string).length <= MAX_JOINED_WRITE);
    raw.sent?.(from, i);
    const chunk = text.slice(at, end);
    at = end;
    if (i === list.length) {
      res.end(chunk);
      return raw.delivered?.(WHOLE_DELIVERY);
    }
    if (!res.write(chunk)) await drained(res);
  }
  if (!res.destroyed) res.end();
  raw.delivered?.(WHOLE_DELIVERY);
}
