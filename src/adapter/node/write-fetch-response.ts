import type { ServerResponse } from 'node:http';
import { headersRecord } from '../../http/light-headers.ts';
import { rawBodyOf, type RawBody } from '../../http/raw-body.ts';

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
  const headers = headersRecord(response.headers);
  const raw = rawBodyOf(response);
  if (raw) return writeRawBody(raw, response.status, headers, res);
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
 * The bytes the core already holds (src/http/raw-body.ts), written without a web stream: a JSON
 * text in one write with its Content-Length, or an event stream's pieces in order with
 * backpressure. A client that goes away stops the writing.
 */
async function writeRawBody(raw: RawBody, status: number, headers: Record<string, string | string[]>, res: ServerResponse): Promise<void> {
  if ('text' in raw) {
    headers['content-length'] = String(Buffer.byteLength(raw.text));
    res.writeHead(status, headers);
    res.end(raw.text);
    return;
  }
  res.writeHead(status, headers);
  for (const piece of raw.pieces) {
    if (res.destroyed) return;
    raw.sent?.(piece);
    if (!res.write(piece)) await drained(res);
  }
  if (!res.destroyed) res.end();
}
