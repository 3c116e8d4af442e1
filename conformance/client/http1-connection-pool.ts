import type * as Net from 'node:net';
import { BodyQueue } from './body-queue.ts';
import { BodyReader } from './http1-body-reader.ts';
import { readResponseHead } from './http1-response-head.ts';
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
/** Rejections shaped like fetch's ("fetch failed" with the system error as `cause`). */
function failed(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause });
}

function hangUp(): Error {
  return Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
}

interface Pending {
  readonly method: string;
  readonly resolve: (response: TransportResponse) => void;
  readonly reject: (error: unknown) => void;
  readonly signal: AbortSignal;
}

/** Kept-alive sockets by `host:port`: an idle one closes after `idleMs` and never holds the process open. */
interface Sockets {
  take(key: string, host: string, port: number): Net.Socket;
  release(key: string, socket: Net.Socket): void;
  close(): void;
}

function createSockets(net: typeof Net, idleMs: number): Sockets {
  const idle = new Map<string, Net.Socket[]>();
  const open = new Set<Net.Socket>();
  const connect = (key: string, host: string, port: number) => {
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
  };
  return {
    take(key, host, port) {
      const list = idle.get(key);
      while (list && list.length > 0) {
        const socket = list.pop()!;
        if (!socket.destroyed) {
          socket.setTimeout(0);
          socket.ref();
          return socket;
        }
      }
      return connect(key, host, port);
    },
    release(key, socket) {
      if (socket.destroyed) return;
      let list = idle.get(key);
      if (!list) idle.set(key, (list = []));
      list.push(socket);
      socket.setTimeout(idleMs);
      socket.unref();
    },
    close() {
      for (const socket of open) socket.destroy();
      idle.clear();
    },
  };
}

/** Write the request: a string body in the same write as the head, bytes corked behind it. */
function writeRequest(socket: Net.Socket, head: string, body: string | Uint8Array | undefined): void {
  if (body === undefined) socket.write(head, 'latin1');
  else if (typeof body === 'string') socket.write(head + body, 'utf8');
  else {
    socket.cork();
    socket.write(head, 'latin1');
    socket.write(body);
    socket.uncork();
  }
}

/** One request and its response on a socket of the pool; the socket goes back when the answer was read whole. */
function exchange(sockets: Sockets, key: string, host: string, port: number, head: string, body: string | Uint8Array | undefined, p: Pending): void {
  const socket = sockets.take(key, host, port);
  // Made here, not when the module loads: browsers load this module too (and have no Buffer).
  const crlf2 = Buffer.from('\r\n\r\n');
  let buffer: Buffer | undefined;
  let queue: BodyQueue | undefined;
  let reader: BodyReader | undefined;
  let reusable = true;
  let finished = false;
  const finish = (error?: unknown) => {
    if (finished) return;
    finished = true;
    socket.off('data', onData);
    socket.off('close', onClose);
    socket.off('error', finish);
    p.signal.removeEventListener('abort', abort);
    if (error !== undefined || !reusable) socket.destroy();
    else sockets.release(key, socket);
    if (!queue) p.reject(failed(error ?? hangUp()));
    else queue.end(error);
  };
  function abort() {
    finish(new DOMException('This operation was aborted', 'AbortError'));
  }
  const onBody = (data: Buffer) => {
    const progress = reader!.feed(data);
    if (progress.kind === 'failed') finish(progress.error);
    else if (progress.kind === 'done') {
      reusable &&= progress.reusable;
      finish();
    }
  };
  const onHead = (bytes: Buffer) => {
    const head = readResponseHead(bytes, crlf2, p.method);
    if (head.kind === 'incomplete') buffer = bytes;
    else if (head.kind === 'failed') finish(head.error);
    else if (head.kind === 'interim') {
      // An interim answer: the final one follows.
      if (head.rest.length > 0) onHead(head.rest);
    } else {
      reusable = head.reusable;
      queue = new BodyQueue();
      reader = new BodyReader(head.framing, (part) => queue!.push(part));
      p.resolve({ status: head.status, headers: head.headers, body: queue });
      if (reader.empty) finish();
      else if (head.rest.length > 0) onBody(head.rest);
    }
  };
  const onData = (data: Buffer) => {
    if (finished) return;
    if (queue) return onBody(data);
    const bytes = buffer ? Buffer.concat([buffer, data]) : data;
    buffer = undefined;
    onHead(bytes);
  };
  // A body framed by the connection's end is complete when it closes; anything else was cut.
  const onClose = () => (queue && reader?.untilClose ? finish() : finish(hangUp()));
  socket.on('data', onData);
  socket.on('close', onClose);
  socket.on('error', finish);
  if (p.signal.aborted) return abort();
  p.signal.addEventListener('abort', abort, { once: true });
  writeRequest(socket, head, body);
}

/**
 * The request head node:http would write for a request this pool can send (the given headers in
 * their order, then `Host` and `Connection: keep-alive`), or undefined when node:http should send it.
 */
function plainRequestHead(target: URL, method: string, headers: Readonly<Record<string, string>>, body: string | Uint8Array | undefined): string | undefined {
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
  return `${head}Host: ${target.host}\r\nConnection: keep-alive\r\n\r\n`;
}

/** The pool: idle connections are closed after `idleMs` and never hold the process open. */
export function createHttp1ConnectionPool(net: typeof Net, idleMs: number): Http1ConnectionPool {
  const sockets = createSockets(net, idleMs);
  return {
    send(target, method, headers, body, signal) {
      const head = plainRequestHead(target, method, headers, body);
      if (head === undefined) return undefined;
      const host = target.hostname.startsWith('[') ? target.hostname.slice(1, -1) : target.hostname;
      const port = target.port === '' ? 80 : Number(target.port);
      return new Promise<TransportResponse>((resolve, reject) => {
        exchange(sockets, `${host}:${port}`, host, port, head, body, { method, resolve, reject, signal });
      });
    },
    close: () => sockets.close(),
  };
}
