import type * as Http from 'node:http';
import type * as Zlib from 'node:zlib';
import type { Transport, TransportResponse } from './transport.ts';
import { createHttp1ConnectionPool } from './http1-connection-pool.ts';

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

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Fetch's limit on redirects followed for one request. */
const MAX_REDIRECTS = 20;
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
  // The module object itself (its default export), read at each request: a request interceptor
  // that patches `http.request` (msw's, @mswjs/interceptors) sees the suite's requests, as it sees fetch.
  const http = (await import('node:http')).default;
  const agent = new http.Agent({ keepAlive: true, timeout: IDLE_MS });
  // Plain requests go over the suite's own HTTP/1.1 connections (the same bytes, less CPU per
  // request), unless node:http's `request` has been replaced by an interceptor (msw, nock): then
  // every request goes through node:http, so the interceptor sees it.
  const pristineRequest = Function.prototype.toString.call(http.request).startsWith('function request(') ? http.request : undefined;
  const pool = createHttp1ConnectionPool((await import('node:net')).default, IDLE_MS);
  let stream: typeof import('node:stream') | undefined;
  // node:https (TLS) and node:zlib cost some 20 ms to load: loaded on first use only.
  let https: { module: typeof import('node:https'); agent: Http.Agent } | undefined;
  let zlib: typeof import('node:zlib') | undefined;
  const prepare = async (url: string, encoded: boolean) => {
    if (url.startsWith('https:') && !https) {
      const module = (await import('node:https')).default;
      https = { module, agent: new module.Agent({ keepAlive: true, timeout: IDLE_MS }) };
    }
    if (encoded) {
      zlib ??= await import('node:zlib');
      stream ??= (await import('node:stream')).default;
    }
  };

  /** The body decoded as fetch decodes it (codings applied last first); an unknown coding leaves it as sent. */
  function decoded(
    response: NodeJS.ReadableStream,
    contentEncoding: string | undefined,
    status: number,
    method: string,
    zlib: typeof import('node:zlib'),
  ): AsyncIterable<Uint8Array> {
    const codings = (contentEncoding ?? '')
      .toLowerCase()
      .split(',')
      .map((c) => c.trim())
      .filter((c) => c !== '' && c !== 'identity');
    if (codings.length === 0 || method === 'HEAD' || [204, 304].includes(status)) return response as AsyncIterable<Uint8Array>;
    const decoders: Zlib.Gunzip[] = [];
    for (const coding of codings.reverse()) {
      if (coding === 'gzip' || coding === 'x-gzip')
        decoders.push(zlib.createGunzip({ flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
      else if (coding === 'deflate') decoders.push(zlib.createInflate({ flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
      else if (coding === 'br')
        decoders.push(zlib.createBrotliDecompress({ flush: zlib.constants.BROTLI_OPERATION_FLUSH, finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH }));
      else return response as AsyncIterable<Uint8Array>;
    }
    let last: NodeJS.ReadableStream = response;
    for (const decoder of decoders) last = last.pipe(decoder);
    // pipe() does not forward errors: a broken body or a corrupt coding ends the last stream with it.
    for (const s of [response, ...decoders]) s.once('error', (error) => (last as Zlib.Gunzip).destroy(error));
    return last as Zlib.Gunzip;
  }

  /** The request again at `location` (a 3xx with a Location), as fetch follows it. */
  function redirect(
    status: number,
    location: string,
    target: URL,
    method: string,
    headers: Record<string, string>,
    body: string | Uint8Array | undefined,
    signal: AbortSignal,
    redirects: number,
  ): Promise<TransportResponse> {
    if (redirects >= MAX_REDIRECTS) return Promise.reject(failed(new Error('redirect count exceeded')));
    let next: URL;
    try {
      next = new URL(location, target);
    } catch (error) {
      return Promise.reject(failed(error));
    }
    const nextHeaders = { ...headers };
    let nextMethod = method;
    let nextBody = body;
    if ((status === 303 && method !== 'HEAD') || ((status === 301 || status === 302) && method === 'POST')) {
      nextMethod = 'GET';
      nextBody = undefined;
      for (const name of ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']) delete nextHeaders[name];
    }
    if (next.origin !== target.origin) for (const name of ['authorization', 'proxy-authorization', 'cookie']) delete nextHeaders[name];
    return prepare(next.href, false).then(() => send(next.href, nextMethod, nextHeaders, nextBody, signal, redirects + 1));
  }

  /** An answer of the connection pool, redirected or decoded as node:http's are. */
  async function pooled(
    answer: TransportResponse,
    url: string,
    target: URL,
    method: string,
    headers: Record<string, string>,
    body: string | Uint8Array | undefined,
    signal: AbortSignal,
    redirects: number,
  ): Promise<TransportResponse> {
    const location = answer.headers.location;
    if (REDIRECTS.has(answer.status) && location !== undefined) {
      // Its body is dropped unread.
      void (async () => {
        try {
          for await (const _ of answer.body ?? []) void _;
        } catch {
          // a broken body of a redirect is no one's concern
        }
      })();
      return redirect(answer.status, location, target, method, headers, body, signal, redirects);
    }
    const coding = answer.headers['content-encoding'];
    if (coding === undefined || answer.body === undefined) return answer;
    await prepare(url, true);
    const source = stream!.Readable.from(answer.body, { objectMode: false });
    return { ...answer, body: decoded(source, coding, answer.status, method, zlib!) };
  }

  function send(
    url: string,
    method: string,
    headers: Record<string, string>,
    body: string | Uint8Array | undefined,
    signal: AbortSignal,
    redirects: number,
  ): Promise<TransportResponse> {
    return new Promise((resolve, reject) => {
      let target: URL;
      try {
        target = new URL(url);
      } catch (error) {
        return reject(failed(error));
      }
      const client = target.protocol === 'http:' ? { module: http, agent } : target.protocol === 'https:' ? https : undefined;
      if (!client) return reject(failed(new Error(`unsupported protocol ${target.protocol}`)));
      const sent: Record<string, string> = { ...headers };
      const defaults = target.protocol === 'https:' ? FETCH_DEFAULTS_HTTPS : FETCH_DEFAULTS;
      for (const name of DEFAULT_NAMES) if (sent[name] === undefined) sent[name] = defaults[name]!;
      // As fetch: a body's exact length; an empty POST says 0.
      if (body !== undefined) sent['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
      else if (method === 'POST') sent['content-length'] = '0';
      if (pristineRequest !== undefined && http.request === pristineRequest) {
        const viaPool = pool.send(target, method, sent, body, signal);
        if (viaPool) return resolve(viaPool.then((answer) => pooled(answer, url, target, method, headers, body, signal, redirects)));
      }
      let request: Http.ClientRequest;
      try {
        const options = requestOptions(target, method, sent, client.agent);
        const onResponse = (response: Http.IncomingMessage) => {
          const status = response.statusCode ?? 0;
          const location = response.headers.location;
          if (REDIRECTS.has(status) && location !== undefined) {
            // Its body is dropped unread; a connection reset under it must not be an unhandled 'error'.
            response.on('error', () => {});
            response.resume();
            return resolve(redirect(status, location, target, method, headers, body, signal, redirects));
          }
          // A server may close the connection after a 413 (RFC 9110 15.5.14) without saying
          // `Connection: close`; a request sent on it meanwhile would see "socket hang up".
          // (The response lets go of its socket when it ends, so keep it here.)
          const socket = response.socket;
          if (status === 413) response.once('end', () => socket.destroy());
          const answer = headersOf(response.rawHeaders);
          if (answer['content-encoding'] === undefined) resolve({ status, headers: answer, body: response });
          else {
            // Paused until zlib is loaded: nothing of the body is read before its decoder is there.
            response.pause();
            let broken: unknown;
            const onBroken = (error: unknown) => (broken = error);
            response.once('error', onBroken);
            prepare(url, true).then(() => {
              response.off('error', onBroken);
              // Broken while zlib loaded: the body's error, as when it breaks while being read.
              if (broken !== undefined) resolve({ status, headers: answer, body: failedBody(broken) });
              else resolve({ status, headers: answer, body: decoded(response, response.headers['content-encoding'], status, method, zlib!) });
            }, reject);
          }
        };
        request = options
          ? client.module.request(options, onResponse)
          : client.module.request(target, { method, headers: sent, agent: client.agent }, onResponse);
      } catch (error) {
        return reject(failed(error));
      }
      request.once('error', (error) => reject(failed(error)));
      // The deadline: a plain listener, dropped when the exchange is over (node:http's own `signal`
      // option costs more per request, wiring stream-end tracking for it).
      const abort = () => request.destroy(new DOMException('This operation was aborted', 'AbortError'));
      if (signal.aborted) abort();
      else {
        signal.addEventListener('abort', abort, { once: true });
        request.once('close', () => signal.removeEventListener('abort', abort));
      }
      request.end(body);
    });
  }

  return {
    send: (url, { method, headers, body, signal }) => {
      if (body !== undefined && (method === 'GET' || method === 'HEAD')) return Promise.reject(new TypeError('Request with GET/HEAD method cannot have body.'));
      let plain: Record<string, string>;
      if (typeof headers.forEach === 'function') {
        plain = {};
        (headers as Headers).forEach((value, name) => {
          plain[name] = value;
        });
      } else plain = headers as Readonly<Record<string, string>> as Record<string, string>;
      return url.startsWith('https:') && !https
        ? prepare(url, false).then(() => send(url, method, plain, body, signal, 0))
        : send(url, method, plain, body, signal, 0);
    },
    close() {
      agent.destroy();
      pool.close();
      https?.agent.destroy();
    },
  };
}
