import type * as Http from 'node:http';
import type { Transport, TransportResponse } from './transport.ts';
import { createHttp1ConnectionPool, type Http1ConnectionPool } from './http1-connection-pool.ts';
import { decodedBody } from './decoded-body.ts';
import { REDIRECTS, redirectedRequest, type OutgoingRequest } from './redirected-request.ts';

/** A transport that holds connections open between requests: close it when the run is over. */
export interface ClosableTransport {
  readonly send: Transport;
  /** Closes the idle kept-alive connections (they never hold the process open anyway). */
  close(): void;
}

/**
 * What undici's fetch adds to a request that lacks them, sent here too so a target (and its request
 * log) sees the same request whichever transport the suite used.
 */
const FETCH_DEFAULTS: Readonly<Record<string, string>> = {
  accept: '*/*',
  'accept-language': '*',
  'sec-fetch-mode': 'cors',
  'user-agent': 'node',
  'accept-encoding': 'gzip, deflate',
};
const FETCH_DEFAULTS_HTTPS: Readonly<Record<string, string>> = { ...FETCH_DEFAULTS, 'accept-encoding': 'br, gzip, deflate' };
const DEFAULT_NAMES = Object.keys(FETCH_DEFAULTS);

/** Idle connections are closed after this when the server gives no `Keep-Alive: timeout` (undici's default). */
const IDLE_MS = 4_000;

/** Rejections shaped like fetch's ("fetch failed" with the system error as `cause`). */
function failed(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause });
}

/**
 * What `http.request(url, options)` makes of a URL, without its general conversion (a measurable
 * part of a request); a URL with credentials in it goes through that conversion (they become
 * Basic authorization).
 */
function requestOptions(target: URL, method: string, headers: Record<string, string>, agent: Http.Agent): Http.RequestOptions | undefined {
  if (target.username !== '' || target.password !== '') return undefined;
  const host = target.hostname;
  return {
    protocol: target.protocol,
    hostname: host.startsWith('[') ? host.slice(1, -1) : host,
    ...(target.port !== '' ? { port: Number(target.port) } : {}),
    path: `${target.pathname}${target.search}`,
    method,
    headers,
    agent,
  };
}

/** A body that breaks off at once, with `error`. */
function failedBody(error: unknown): AsyncIterable<Uint8Array> {
  return { [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(error) }) };
}

/** Response headers as fetch's `Headers` shows them: repeats joined with ", " (a repeated set-cookie: the last). */
function headersOf(raw: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    headers[name] = headers[name] === undefined || name === 'set-cookie' ? value : `${headers[name]}, ${value}`;
  }
  return headers;
}

/** node:http or node:https with its keep-alive agent. */
interface Client {
  module: { request: typeof Http.request };
  agent: Http.Agent;
}

/** The modules a transport sends with; node:https (TLS) and node:zlib cost some 20 ms to load: loaded on first use only. */
interface NodeClients {
  readonly http: typeof Http;
  readonly plain: Client;
  readonly pool: Http1ConnectionPool;
  /** node:http's own `request`, or undefined when an interceptor (msw, nock) had replaced it already. */
  readonly pristineRequest: typeof Http.request | undefined;
  https?: Client;
  zlib?: typeof import('node:zlib');
  stream?: typeof import('node:stream');
}

async function nodeClients(): Promise<NodeClients> {
  // The module object itself (its default export), read at each request: a request interceptor
  // that patches `http.request` (msw's, @mswjs/interceptors) sees the suite's requests, as it sees fetch.
  const http = (await import('node:http')).default;
  const agent = new http.Agent({ keepAlive: true, timeout: IDLE_MS });
  // Plain requests go over the suite's own HTTP/1.1 connections (the same bytes, less CPU per
  // request), unless node:http's `request` has been replaced by an interceptor (msw, nock): then
  // every request goes through node:http, so the interceptor sees it.
  const pristineRequest = Function.prototype.toString.call(http.request).startsWith('function request(') ? http.request : undefined;
  const pool = createHttp1ConnectionPool((await import('node:net')).default, IDLE_MS);
  return { http, plain: { module: http, agent }, pool, pristineRequest };
}

/** Load what a request to `url` needs: node:https for https, node:zlib and node:stream to decode a body. */
async function prepare(c: NodeClients, url: string, encoded: boolean): Promise<void> {
  if (url.startsWith('https:') && !c.https) {
    const module = (await import('node:https')).default;
    c.https = { module, agent: new module.Agent({ keepAlive: true, timeout: IDLE_MS }) };
  }
  if (encoded) {
    c.zlib ??= await import('node:zlib');
    c.stream ??= (await import('node:stream')).default;
  }
}

/** The request's headers with fetch's defaults and a body's exact length (an empty POST says 0), as fetch sends them. */
function sentHeaders(target: URL, request: OutgoingRequest): Record<string, string> {
  const sent: Record<string, string> = { ...request.headers };
  const defaults = target.protocol === 'https:' ? FETCH_DEFAULTS_HTTPS : FETCH_DEFAULTS;
  for (const name of DEFAULT_NAMES) if (sent[name] === undefined) sent[name] = defaults[name]!;
  const { body } = request;
  if (body !== undefined) sent['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  else if (request.method === 'POST') sent['content-length'] = '0';
  return sent;
}

/** The request again at `location` (a 3xx with a Location), as fetch follows it. */
function followRedirect(c: NodeClients, request: OutgoingRequest, target: URL, status: number, location: string): Promise<TransportResponse> {
  const next = redirectedRequest(request, target, status, location);
  if (next instanceof Error) return Promise.reject(failed(next));
  return prepare(c, next.url, false).then(() => send(c, next));
}

/** Read a body to its end and drop it (a redirect's); a broken body is no one's concern. */
function drain(body: AsyncIterable<Uint8Array> | undefined): void {
  void (async () => {
    try {
      for await (const _ of body ?? []) void _;
    } catch {
      // dropped unread
    }
  })();
}

/** An answer of the connection pool, redirected or decoded as node:http's are. */
async function pooled(c: NodeClients, answer: TransportResponse, request: OutgoingRequest, target: URL): Promise<TransportResponse> {
  const location = answer.headers.location;
  if (REDIRECTS.has(answer.status) && location !== undefined) {
    drain(answer.body);
    return followRedirect(c, request, target, answer.status, location);
  }
  const coding = answer.headers['content-encoding'];
  if (coding === undefined || answer.body === undefined) return answer;
  await prepare(c, request.url, true);
  const source = c.stream!.Readable.from(answer.body, { objectMode: false });
  return { ...answer, body: decodedBody(source, coding, answer.status, request.method, c.zlib!) };
}

/** A node:http response as the transport's answer: redirects followed, bodies decoded once zlib is loaded. */
function answerOf(c: NodeClients, request: OutgoingRequest, target: URL, response: Http.IncomingMessage): Promise<TransportResponse> | TransportResponse {
  const status = response.statusCode ?? 0;
  const location = response.headers.location;
  if (REDIRECTS.has(status) && location !== undefined) {
    // Its body is dropped unread; a connection reset under it must not be an unhandled 'error'.
    response.on('error', () => {});
    response.resume();
    return followRedirect(c, request, target, status, location);
  }
  // A server may close the connection after a 413 (RFC 9110 15.5.14) without saying
  // `Connection: close`; a request sent on it meanwhile would see "socket hang up".
  // (The response lets go of its socket when it ends, so keep it here.)
  const socket = response.socket;
  if (status === 413) response.once('end', () => socket.destroy());
  const headers = headersOf(response.rawHeaders);
  if (headers['content-encoding'] === undefined) return { status, headers, body: response };
  // Paused until zlib is loaded: nothing of the body is read before its decoder is there.
  response.pause();
  let broken: unknown;
  const onBroken = (error: unknown) => (broken = error);
  response.once('error', onBroken);
  return prepare(c, request.url, true).then(() => {
    response.off('error', onBroken);
    // Broken while zlib loaded: the body's error, as when it breaks while being read.
    if (broken !== undefined) return { status, headers, body: failedBody(broken) };
    return { status, headers, body: decodedBody(response, response.headers['content-encoding'], status, request.method, c.zlib!) };
  });
}

/** Send through node:http (or node:https): the requests the pool does not take. */
function viaNodeHttp(c: NodeClients, client: Client, request: OutgoingRequest, target: URL, sent: Record<string, string>): Promise<TransportResponse> {
  return new Promise((resolve, reject) => {
    let outgoing: Http.ClientRequest;
    try {
      const options = requestOptions(target, request.method, sent, client.agent);
      const onResponse = (response: Http.IncomingMessage) => {
        try {
          resolve(answerOf(c, request, target, response));
        } catch (error) {
          reject(error);
        }
      };
      outgoing = options
        ? client.module.request(options, onResponse)
        : client.module.request(target, { method: request.method, headers: sent, agent: client.agent }, onResponse);
    } catch (error) {
      return reject(failed(error));
    }
    outgoing.once('error', (error) => reject(failed(error)));
    // The deadline: a plain listener, dropped when the exchange is over (node:http's own `signal`
    // option costs more per request, wiring stream-end tracking for it).
    const { signal } = request;
    const abort = () => outgoing.destroy(new DOMException('This operation was aborted', 'AbortError'));
    if (signal.aborted) abort();
    else {
      signal.addEventListener('abort', abort, { once: true });
      outgoing.once('close', () => signal.removeEventListener('abort', abort));
    }
    outgoing.end(request.body);
  });
}

/** Send one request (a redirect is sent again through here): the pool for plain http, node:http for the rest. */
function send(c: NodeClients, request: OutgoingRequest): Promise<TransportResponse> {
  let target: URL;
  try {
    target = new URL(request.url);
  } catch (error) {
    return Promise.reject(failed(error));
  }
  const client = target.protocol === 'http:' ? c.plain : target.protocol === 'https:' ? c.https : undefined;
  if (!client) return Promise.reject(failed(new Error(`unsupported protocol ${target.protocol}`)));
  const sent = sentHeaders(target, request);
  if (c.pristineRequest !== undefined && c.http.request === c.pristineRequest) {
    const viaPool = c.pool.send(target, request.method, sent, request.body, request.signal);
    if (viaPool) return viaPool.then((answer) => pooled(c, answer, request, target));
  }
  return viaNodeHttp(c, client, request, target, sent);
}

/** Headers as a plain record (a `Headers` object's entries, or the record itself). */
function plainHeaders(headers: Headers | Readonly<Record<string, string>>): Record<string, string> {
  if (typeof headers.forEach !== 'function') return headers as Readonly<Record<string, string>> as Record<string, string>;
  const plain: Record<string, string> = {};
  (headers as Headers).forEach((value, name) => {
    plain[name] = value;
  });
  return plain;
}

/**
 * The suite's default transport on Node: node:http (and node:https) with a keep-alive agent, and
 * for plain `http:` requests the suite's own kept-alive connections, which write the same bytes
 * (see {@link createHttp1ConnectionPool}). The Fetch API in Node (undici) costs the client about
 * 0.5 ms of CPU per request more than node:http, most of a conformance run's time against a local
 * simulator. It behaves as fetch does for what
 * the client sees: the same default request headers, redirects followed (at most 20; a POST turned
 * into a GET by a 301/302/303; the credentials left out across origins), gzip, deflate and br
 * bodies decoded, and failures rejected as "fetch failed" with the system error as `cause`. The
 * modules are imported only when this is called, so browsers never load them.
 *
 * @example
 * const transport = await nodeHttpTransport();
 * try { await transport.send(url, { method: 'GET', headers: new Headers(), body: undefined, signal }); } finally { transport.close(); }
 */
export async function nodeHttpTransport(): Promise<ClosableTransport> {
  const c = await nodeClients();
  return {
    send: (url, { method, headers, body, signal }) => {
      if (body !== undefined && (method === 'GET' || method === 'HEAD')) return Promise.reject(new TypeError('Request with GET/HEAD method cannot have body.'));
      const request: OutgoingRequest = { url, method, headers: plainHeaders(headers), body, signal, redirects: 0 };
      return url.startsWith('https:') && !c.https ? prepare(c, url, false).then(() => send(c, request)) : send(c, request);
    },
    close() {
      c.plain.agent.destroy();
      c.pool.close();
      c.https?.agent.destroy();
    },
  };
}
