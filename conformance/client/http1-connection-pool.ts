import type * as Net from 'node:net';
import type { TransportResponse } from './transport.ts';

/**
 * A plain HTTP/1.1 client over kept-alive sockets, for the suite's common case only: `http:`, no
 * credentials in the URL, a method node:http sends without chunking, header names and values
 * node:http would accept as they are. It writes the bytes node:http writes for the same request
 * (the given headers in their order, then `Host` and `Connection: keep-alive`), so the target sees
 * the same request whichever path sent it; what it does not handle, node:http sends.
 *
 * Why: node:http's per-request machinery (a `ClientRequest`, an `IncomingMessage`, the agent's
 * bookkeeping, two streams and their events) was the largest part of the client's CPU in a
 * conformance run against a local simulator, where the suite sends hundreds of small requests.
 */
export interface Http1ConnectionPool {
  /** Sends the request, or returns undefined when it is not one this pool sends (node:http does). */
  send(
    target: URL,
    method: string,
    headers: Readonly<Record<string, string>>,
    body: string | Uint8Array | undefined,
    signal: AbortSignal,
  ): Promise<TransportResponse> | undefined;
  /** Closes the idle connections. */
  close(): void;
}

/** Methods node:http sends without a body framing of its own when given none (it chunks the others). */
const PLAIN_METHODS = new Set(['GET', 'POST', 'DELETE', 'HEAD', 'OPTIONS']);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What node:http refuses in a header value (it throws) or a path. */
const BAD_VALUE = /[^\t\x20-\x7e\x80-\xff]/;
const BAD_PATH = /[^\u0021-\u00ff]/;
/** A header value as node:http's parser gives it: spaces and tabs around it dropped, nothing else. */
const OWS = /^[ \t]+|[ \t]+$/g;

/** node:http's default limit on a response's head (`--max-http-header-size`): past it, the same failure. */
const MAX_HEAD_BYTES = 16 * 1024;

/** Rejections shaped like fetch's ("fetch failed" with the system error as `cause`). */
function failed(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause });
}

function hangUp(): Error {
  return Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
}

/** A body as an async iterable fed by the socket; a failure throws from the iteration. */
class BodyQueue implements AsyncIterable<Uint8Array> {
  private readonly parts: Uint8Array[] = [];
  private done = false;
  private error: unknown;
  private wake: (() => void) | undefined;

  push(part: Uint8Array): void {
    this.parts.push(part);
    this.notify();
  }

  end(error?: unknown): void {
    if (this.done) return;
    this.done = true;
    this.error = error;
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    for (;;) {
      if (this.parts.length > 0) {
        const parts = this.parts.splice(0);
        yield parts.length === 1 ? parts[0]! : Buffer.concat(parts);
        continue;
      }
      if (this.done) {
        if (this.error !== undefined) throw this.error;
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}

interface Pending {
  readonly method: string;
  readonly resolve: (response: TransportResponse) => void;
  readonly reject: (error: unknown) => void;
  readonly signal: AbortSignal;
}

/** The pool: idle connections are closed after `idleMs` and never hold the process open. */
export function createHttp1ConnectionPool(net: typeof Net, idleMs: number): Http1ConnectionPool {
  // Made here, not when the module loads: browsers load this module too (and have no Buffer).
  const CRLF2 = Buffer.from('\r\n\r\n');
  const EMPTY = Buffer.alloc(0);
  const idle = new Map<string, Net.Socket[]>();
  const open = new Set<Net.Socket>();

  function release(key: string, socket: Net.Socket): void {
    if (socket.destroyed) return;
    let list = idle.get(key);
    if (!list) idle.set(key, (list = []));
    list.push(socket);
    socket.setTimeout(idleMs);
    socket.unref();
  }

  function take(key: string, host: string, port: number): Net.Socket {
    const list = idle.get(key);
    while (list && list.length > 0) {
      const socket = list.pop()!;
      if (!socket.destroyed) {
        socket.setTimeout(0);
        socket.ref();
        return socket;
      }
    }
    const socket = net.connect({ host, port });
    socket.setNoDelay(true);
    open.add(socket);
    // An idle socket the server closes, or that times out, just goes away.
    socket.on('timeout', () => socket.destroy());
    socket.on('close', () => {
      open.delete(socket);
      const list = idle.get(key);
      const at = list?.indexOf(socket) ?? -1;
      if (at >= 0) list!.splice(at, 1);
    });
    socket.on('error', () => {});
    return socket;
  }

  function exchange(key: string, host: string, port: number, head: string, body: string | Uint8Array | undefined, p: Pending): void {
    const socket = take(key, host, port);
    let buffer: Buffer = EMPTY;
    let answered = false;
    let queue: BodyQueue | undefined;
    // Body framing: remaining bytes of a Content-Length body, or -1 chunked, or -2 until close.
    let remaining = 0;
    let chunkLeft = 0;
    let chunkState: 'size' | 'data' | 'data-crlf' | 'trailers' = 'size';
    let reusable = true;
    let finished = false;

    const cleanup = () => {
      socket.off('data', onData);
      socket.off('close', onClose);
      socket.off('error', onError);
      p.signal.removeEventListener('abort', abort);
    };
    const finish = (error?: unknown) => {
      if (finished) return;
      finished = true;
      cleanup();
      if (error !== undefined || !reusable) socket.destroy();
      else release(key, socket);
      if (!answered) p.reject(failed(error ?? hangUp()));
      else queue?.end(error);
    };
    function abort() {
      finish(new DOMException('This operation was aborted', 'AbortError'));
    }

    const onBody = (data: Buffer) => {
      if (remaining >= 0) {
        const part = data.length > remaining ? data.subarray(0, remaining) : data;
        if (part.length > 0) queue!.push(part);
        remaining -= part.length;
        if (data.length > part.length) reusable = false;
        if (remaining === 0) finish();
        return;
      }
      if (remaining === -2) {
        if (data.length > 0) queue!.push(data);
        return;
      }
      // Chunked.
      let at = 0;
      while (at < data.length && !finished) {
        if (chunkState === 'data') {
          const n = Math.min(chunkLeft, data.length - at);
          queue!.push(data.subarray(at, at + n));
          at += n;
          chunkLeft -= n;
          if (chunkLeft === 0) chunkState = 'data-crlf';
          continue;
        }
        const lineEnd = data.indexOf('\r\n', at);
        if (lineEnd < 0) {
          buffer = data.subarray(at);
          return;
        }
        const line = data.toString('latin1', at, lineEnd);
        at = lineEnd + 2;
        if (chunkState === 'data-crlf') {
          if (line !== '') return finish(new Error('malformed chunked body'));
          chunkState = 'size';
        } else if (chunkState === 'size') {
          const size = parseInt(line.split(';')[0]!.trim(), 16);
          if (!Number.isFinite(size) || size < 0) return finish(new Error('malformed chunked body'));
          if (size === 0) chunkState = 'trailers';
          else {
            chunkLeft = size;
            chunkState = 'data';
          }
        } else if (line === '') {
          if (at < data.length) reusable = false;
          return finish();
        }
      }
      buffer = EMPTY;
    };

    const onHead = (): boolean => {
      const end = buffer.indexOf(CRLF2);
      if (end < 0) {
        // A head that never ends (a hostile or broken target) fails as node:http's parser fails it.
        if (buffer.length > MAX_HEAD_BYTES) finish(new Error('response head larger than 16 KiB (node:http: HPE_HEADER_OVERFLOW)'));
        return false;
      }
      if (end > MAX_HEAD_BYTES) {
        finish(new Error('response head larger than 16 KiB (node:http: HPE_HEADER_OVERFLOW)'));
        return true;
      }
      const lines = buffer.toString('latin1', 0, end).split('\r\n');
      const rest = buffer.subarray(end + 4);
      buffer = EMPTY;
      const statusLine = /^HTTP\/1\.([01]) (\d{3})/.exec(lines[0]!);
      if (!statusLine) {
        finish(new Error('malformed status line'));
        return true;
      }
      const status = Number(statusLine[2]);
      const headers: Record<string, string> = {};
      let connection = '';
      let length: string | undefined;
      let encoding = '';
      for (let i = 1; i < lines.length; i++) {
        const line = lines[i]!;
        const colon = line.indexOf(':');
        if (colon <= 0) continue;
        const name = line.slice(0, colon).toLowerCase();
        const value = line.slice(colon + 1).replace(OWS, '');
        headers[name] = headers[name] === undefined || name === 'set-cookie' ? value : `${headers[name]}, ${value}`;
        if (name === 'connection') connection = value.toLowerCase();
        else if (name === 'content-length') length = value;
        else if (name === 'transfer-encoding') encoding = value.toLowerCase();
      }
      if (status >= 100 && status < 200) {
        // An interim answer: the final one follows.
        buffer = rest;
        return buffer.length > 0 ? onHead() : true;
      }
      if (statusLine[1] === '0' || connection.split(',').some((c) => c.trim() === 'close') || status === 413) reusable = false;
      answered = true;
      if (p.method === 'HEAD' || status === 204 || status === 304) {
        p.resolve({ status, headers, body: emptyBody() });
        if (rest.length > 0) reusable = false;
        finish();
        return true;
      }
      queue = new BodyQueue();
      if (encoding !== '') {
        if (
          !encoding
            .split(',')
            .map((c) => c.trim())
            .includes('chunked')
        ) {
          remaining = -2;
          reusable = false;
        } else remaining = -1;
      } else if (length !== undefined) {
        remaining = Number(length);
        if (!Number.isSafeInteger(remaining) || remaining < 0) {
          finish(new Error('malformed content-length'));
          return true;
        }
      } else {
        remaining = -2;
        reusable = false;
      }
      p.resolve({ status, headers, body: queue });
      if (remaining === 0) finish();
      else if (rest.length > 0) onBody(rest);
      return true;
    };

    const onData = (data: Buffer) => {
      if (finished) return;
      if (!answered) {
        buffer = buffer.length === 0 ? data : Buffer.concat([buffer, data]);
        onHead();
      } else if (remaining === -1 && buffer.length > 0) {
        const joined = Buffer.concat([buffer, data]);
        buffer = EMPTY;
        onBody(joined);
      } else onBody(data);
    };
    const onClose = () => (remaining === -2 && answered ? finish() : finish(hangUp()));
    const onError = (error: Error) => finish(error);

    socket.on('data', onData);
    socket.on('close', onClose);
    socket.on('error', onError);
    if (p.signal.aborted) return abort();
    p.signal.addEventListener('abort', abort, { once: true });
    if (body === undefined) socket.write(head, 'latin1');
    else if (typeof body === 'string') socket.write(head + body, 'utf8');
    else {
      socket.cork();
      socket.write(head, 'latin1');
      socket.write(body);
      socket.uncork();
    }
  }

  return {
    send(target, method, headers, body, signal) {
      if (target.protocol !== 'http:' || target.username !== '' || target.password !== '' || !PLAIN_METHODS.has(method)) return undefined;
      if ((method === 'POST' || body !== undefined) && headers['content-length'] === undefined) return undefined;
      if (headers.host !== undefined || headers.connection !== undefined || headers.expect !== undefined || headers['transfer-encoding'] !== undefined)
        return undefined;
      const path = `${target.pathname}${target.search}`;
      if (BAD_PATH.test(path)) return undefined;
      let head = `${method} ${path} HTTP/1.1\r\n`;
      for (const name of Object.keys(headers)) {
        const value = headers[name]!;
        if (!TOKEN.test(name) || BAD_VALUE.test(value)) return undefined;
        head += `${name}: ${value}\r\n`;
      }
      // node:http writes the head as Latin-1 and a string body as UTF-8: here both go as UTF-8 in
      // one write, the same bytes only for an ASCII head; any other is left to node:http.
      if (/[^\x00-\x7f]/.test(head)) return undefined;
      const host = target.hostname.startsWith('[') ? target.hostname.slice(1, -1) : target.hostname;
      const port = target.port === '' ? 80 : Number(target.port);
      head += `Host: ${target.host}\r\nConnection: keep-alive\r\n\r\n`;
      return new Promise<TransportResponse>((resolve, reject) => {
        exchange(`${host}:${port}`, host, port, head, body, { method, resolve, reject, signal });
      });
    },
    close() {
      for (const socket of open) socket.destroy();
      idle.clear();
    },
  };
}

async function* emptyBody(): AsyncIterable<Uint8Array> {}
