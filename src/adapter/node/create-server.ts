import type { Duplex } from 'node:stream';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorBodyText, GatewayError } from '../../errors/gateway-error.ts';
import { logUnexpectedError } from '../../errors/unexpected-error.ts';
import { createGateway, type Gateway, type GatewayOptions } from '../../gateway/create-gateway.ts';
import { gatewayInternals } from '../../gateway/gateway-internals.ts';
import type { RequestInfo } from '../../http/dispatch.ts';
import { loadTokenizer } from '../../generation/tokenizer.ts';
import { OPERATIONS } from '../../gateway/operations-table.ts';
import { loadOperations } from '../../operations/operation.ts';
import { answerClientError, type ClientErrorText } from './answer-client-error.ts';
import { familyErrorRoutes, familyErrorText } from '../../http/family-errors.ts';
import { lingerThenClose } from './linger-close.ts';
import { readIncomingBody } from './read-incoming-body.ts';
import { incomingRequest } from './incoming-request.ts';
import { incomingFetchRequest } from './incoming-fetch-request.ts';
import { writeResponse } from './write-fetch-response.ts';

/**
 * What the core may ask of one node:http request (`RequestInfo`): a class, so its two questions
 * are methods on the prototype rather than two closures made per request.
 */
class IncomingInfo implements RequestInfo {
  readonly rawBodies = true;
  readonly remoteAddress: string | undefined;
  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
  ) {
    this.remoteAddress = req.socket.remoteAddress;
  }
  clientGone(): boolean {
    return !this.res.writableFinished && (this.res.destroyed || this.req.socket.destroyed);
  }
  readBody(limit: number): Promise<Uint8Array> {
    return readIncomingBody(this.req, limit);
  }
}

export interface ServeOptions extends GatewayOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 8080; 0 picks a free port. */
  port?: number;
  /** A gateway to serve instead of creating one from the options. */
  gateway?: Gateway;
  /** Whole-request time limit for slow clients (headers and body), ms. Default 30 000. */
  requestTimeoutMs?: number;
  /** Time limit for receiving the request headers, ms. Default min(requestTimeoutMs, 20 000). */
  headersTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open, ms. Default 5 000. */
  keepAliveTimeoutMs?: number;
  /** Open connections at most; further ones are closed at once (node:http `maxConnections`). Default: no limit. */
  maxConnections?: number;
  /** How long `close()` lets answers in flight finish before it drops their connections, ms. Default 10 000. */
  shutdownTimeoutMs?: number;
}

export interface RunningServer {
  readonly gateway: Gateway;
  readonly server: Server;
  /** e.g. http://127.0.0.1:8080/api/v1 */
  readonly baseUrl: string;
  readonly port: number;
  /**
   * Shut down gracefully: stop accepting connections, close idle ones, let the answers in flight
   * finish (at most `shutdownTimeoutMs`, then their connections are dropped), then finish and
   * release the video-job store given in `videoJobs.persistence` (a state file is flushed and
   * closed), so nothing accepted is lost and no client that was answered sees a reset.
   */
  close(): Promise<void>;
}

/**
 * Serve a gateway over node:http: the same core as the msw handlers, behind a thin adapter.
 *
 * @example
 * const { baseUrl, close } = await startServer({ port: 0 });
 * // ... point any client at baseUrl ...
 * await close();
 */
export async function startServer(options: ServeOptions = {}): Promise<RunningServer> {
  const basePath = options.baseUrl ? new URL(options.baseUrl).pathname.replace(/\/+$/, '') : '/api/v1';
  const server = makeHttpServer(options);
  // The errors' shapes follow the gateway's routes, known once it is made (below).
  let clientErrorText: ClientErrorText | undefined = undefined;
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => answerClientError(error, socket, clientErrorText));
  const address = await listenOn(server, options.port ?? 8080, options.host ?? '127.0.0.1');
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const origin = `http://${hostForUrl}:${address.port}`;
  // Bound below; `POST /__gatewaykit/shutdown` stops this server unless the caller says otherwise.
  let close: () => Promise<void> = async () => undefined;
  const gw = options.gateway ?? createGateway({ onShutdownRequest: () => void close(), ...options, baseUrl: `${origin}${basePath}` });
  clientErrorText = familyErrorText(familyErrorRoutes(gw.routes), new URL(gw.baseUrl).pathname.replace(/\/+$/, ''));
  // The tokenizer and the operations' code are loaded once the server listens, so start-up does
  // not wait for them, and the first requests rarely do (one that comes sooner awaits the load).
  // close() awaits them: nothing the server started outlives it (a test file's modules included).
  const warming = Promise.all([loadTokenizer(), loadOperations(OPERATIONS)]).catch(() => undefined);

  const inFlight = trackInFlight(server);
  server.on('request', requestListener(gw, origin, inFlight));
  let closing: Promise<void> | undefined;
  const shutDown = async () => {
    await inFlight.drain(options.shutdownTimeoutMs ?? 10_000);
    await options.videoJobs?.persistence?.close?.();
    await warming;
  };
  // Once: a shutdown request and a signal may both ask.
  close = () => (closing ??= shutDown());
  return { gateway: gw, server, baseUrl: `${origin}${basePath}`, port: address.port, close };
}

/** The node:http server with the timeouts, half-open rule and socket cap of `options`, not yet listening. */
function makeHttpServer(options: ServeOptions): Server {
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const server = createHttpServer({
    requestTimeout,
    headersTimeout: options.headersTimeoutMs ?? Math.min(requestTimeout, 20_000),
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 5_000,
    // Node checks the two timeouts above on this interval (default 30 s): a short timeout needs a
    // check at least as often, or a trickling client outlives it by up to 30 s.
    connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(requestTimeout / 4))),
    // Node would answer a missing Host with an empty 400; we answer it ourselves, in the envelope.
    requireHostHeader: false,
  });
  // RFC 9112 9.6: a client may send its whole request and then shut down its write side (`nc -N`,
  // `socket.end(request)`). node:http's default (`httpAllowHalfOpen` false) answers that FIN by
  // aborting the request and ending the socket at once, so an answer produced a moment later (the
  // first request loads the tokenizer) was dropped and the client read nothing. With half-open
  // allowed, node marks the in-flight response as the connection's last and closes after it; a
  // client that really went away is still seen, as a write that fails (EPIPE/ECONNRESET).
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  // A cap on sockets, so a flood of idle or slow connections cannot use up the file descriptors
  // every other client (and the state file, and webhooks) needs.
  if (options.maxConnections !== undefined && options.maxConnections > 0) server.maxConnections = options.maxConnections;
  return server;
}

function listenOn(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/**
 * The answers in flight, so a shutdown can wait for them: a client reset after its job was saved
 * would retry and make a duplicate. Counted, not listed: an answer that starts once the shutdown
 * has begun ends its connection itself (the request listener and `answer` check `shuttingDown`).
 */
interface InFlight {
  add(res: ServerResponse): void;
  readonly shuttingDown: boolean;
  /** Stop accepting, close idle connections, let the answers in flight finish (at most `timeoutMs`), then drop what is left. */
  drain(timeoutMs: number): Promise<void>;
}

function trackInFlight(server: Server): InFlight {
  // A count rather than a set of the answers: a set's table, grown and shrunk with every answer,
  // outlived its young-generation collections and left the old generation garbage per answer.
  let answers = 0;
  let shuttingDown = false;
  let drained: (() => void) | undefined;
  // One listener for every answer, not a closure per request.
  function onResponseClose(): void {
    answers--;
    if (!shuttingDown) return;
    // The connection may be idle now: close it, and tell drain() when the last answer is out.
    setImmediate(() => server.closeIdleConnections());
    if (answers === 0) drained?.();
  }
  return {
    get shuttingDown() {
      return shuttingDown;
    },
    add(res) {
      answers++;
      res.on('close', onResponseClose);
    },
    async drain(timeoutMs) {
      shuttingDown = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (answers > 0) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          drained = resolve;
          timer = setTimeout(resolve, timeoutMs);
        });
        clearTimeout(timer);
      }
      // Whatever is left past the bound (a stream that goes on), and keep-alive sockets.
      server.closeAllConnections();
      await closed;
    },
  };
}

/** The `request` listener: each request answered by the gateway's core and written out, or refused as node:http cannot carry it. */
function requestListener(gw: Gateway, origin: string, inFlight: InFlight): (req: IncomingMessage, res: ServerResponse) => void {
  // Chosen once per server: the light Request, or undici's own without the fast paths.
  const toRequest = gatewayInternals(gw)?.fastPaths === false ? incomingFetchRequest : incomingRequest;
  const reportError = (error: unknown, request: IncomingMessage, res: ServerResponse) => {
    const report = gatewayInternals(gw)?.reportError ?? ((e: unknown) => logUnexpectedError(e));
    report(error, {
      method: request.method ?? 'GET',
      path: request.url ?? '',
      ...(res.hasHeader('x-generation-id') ? { generationId: String(res.getHeader('x-generation-id')) } : {}),
    });
  };
  /** One request, start to end: the core's answer written out, or a masked 500 for a bug. */
  async function answer(req: IncomingMessage, res: ServerResponse, request: Request): Promise<void> {
    try {
      const response = await gw.handle(request, new IncomingInfo(req, res));
      // An answer written once a shutdown has begun ends its connection (Connection: close).
      if (inFlight.shuttingDown) res.shouldKeepAlive = false;
      // Most answers are written before writeResponse returns: nothing to wait for then.
      const writing = writeResponse(response, res);
      if (writing) await writing;
      // A body we refused (413): close the connection, but only once the client can have read
      // the answer (see lingerThenClose), discarding what it still sends in the meantime.
      if (response.status === 413) lingerThenClose(req);
    } catch (error) {
      reportError(error, req, res);
      if (!res.headersSent) {
        if (inFlight.shuttingDown) res.shouldKeepAlive = false;
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(errorBodyText(new GatewayError(500, 'Internal Server Error')));
      } else res.destroy();
    }
  }
  return (req, res) => {
    inFlight.add(res);
    // An answer during shutdown ends its connection (Connection: close, RFC 9112 9.6).
    if (inFlight.shuttingDown) res.shouldKeepAlive = false;
    // RFC 9112 3.2: an HTTP/1.1 request without Host is a 400.
    if (req.httpVersion === '1.1' && req.headers.host === undefined) {
      res.writeHead(400, { 'content-type': 'application/json', connection: 'close' });
      res.end(errorBodyText(new GatewayError(400, 'Missing Host header (required in HTTP/1.1, RFC 9112 section 3.2)')));
      return;
    }
    let request: Request;
    try {
      request = toRequest(req, origin);
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(errorBodyText(new GatewayError(400, 'Malformed HTTP request')));
      return;
    }
    void answer(req, res, request);
  };
}
