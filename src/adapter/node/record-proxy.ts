import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Cassette } from '../../replay/cassette.ts';
import { keptResponseHeaders, relativeTo } from '../../replay/cassette-of-exchange.ts';
import { saveExchange } from './save-exchange.ts';

export interface RecorderOptions {
  /** Base URL of the gateway to record, e.g. `https://gateway.example/api/v1` (no credentials in it). */
  upstream: string;
  /** Directory for the cassettes (created if missing); numbering continues after the files there. */
  out: string;
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Largest request body forwarded, bytes (413 past it). Default 25 MiB. */
  maxBodyBytes?: number;
  /** Called with each cassette's file name once written. */
  onRecorded?: (file: string, cassette: Cassette) => void;
  /** Called with one line for every exchange that is not recorded, and why. Default: stderr. */
  onNotRecorded?: (line: string) => void;
}

export interface RunningRecorder {
  /** Point clients here: the proxy's origin plus the upstream's base path. */
  readonly baseUrl: string;
  readonly server: Server;
  /** Cassettes written so far. */
  recorded(): number;
  close(): Promise<void>;
}

/** Headers not forwarded in either direction (RFC 9110 7.6.1 hop-by-hop, and framing the proxy redoes). */
const HOP_BY_HOP = /^(host|connection|keep-alive|proxy-connection|transfer-encoding|te|trailer|upgrade|content-length|content-encoding|accept-encoding)$/i;

function envelope(status: number, message: string): string {
  return JSON.stringify({ error: { code: status, message } });
}

async function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array | undefined> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > limit) return undefined;
    parts.push(chunk);
  }
  return new Uint8Array(Buffer.concat(parts));
}

/** The upstream URL for an origin-form request target, or undefined for any other form. */
function originFormTarget(upstream: URL, requestTarget: string): URL | undefined {
  if (!requestTarget.startsWith('/') || requestTarget.startsWith('//')) return undefined;
  let url: URL;
  try {
    url = new URL(`${upstream.origin}${requestTarget}`);
  } catch {
    return undefined;
  }
  return url.origin === upstream.origin ? url : undefined;
}

/** A request target for a log line: control characters escaped. */
function printable(text: string): string {
  return JSON.stringify(text.slice(0, 200)).slice(1, -1);
}

/** The request's headers as they go upstream: hop-by-hop ones left out, the body uncompressed. */
function forwardedHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.test(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // Uncompressed bytes, so the cassette is readable and replays as the client saw it.
  headers.set('accept-encoding', 'identity');
  return headers;
}

/** Pass the upstream's answer on chunk by chunk, keeping each chunk with its time since `started`. */
async function relay(
  upstreamResponse: Response,
  res: ServerResponse,
  started: number,
): Promise<{ chunks: Array<{ at: number; bytes: Uint8Array }>; firstByte?: number }> {
  const outHeaders: Record<string, string> = {};
  upstreamResponse.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.test(name) && name !== 'set-cookie') outHeaders[name] = value;
  });
  res.writeHead(upstreamResponse.status, outHeaders);
  const chunks: Array<{ at: number; bytes: Uint8Array }> = [];
  let firstByte: number | undefined;
  if (upstreamResponse.body) {
    const reader = upstreamResponse.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const at = performance.now() - started;
        firstByte ??= at;
        chunks.push({ at, bytes: value });
        // The caller gets each chunk as it arrives.
        if (!res.destroyed) res.write(value);
      }
    } catch {
      // The caller went away (abort) or the upstream broke off: keep what arrived.
    }
  }
  if (!res.destroyed) res.end();
  return { chunks, firstByte };
}

/** A refusal of the recorder's own, in the spec 7 envelope, with the line that says it was not recorded. */
function refuse(res: ServerResponse, status: number, message: string, notRecorded: (line: string) => void, line: string): void {
  notRecorded(line);
  if (!res.headersSent && !res.destroyed) res.writeHead(status, { 'content-type': 'application/json' }).end(envelope(status, message));
}

/**
 * A recording proxy: forwards each request, with the caller's credentials, to `upstream`,
 * answers the caller with the upstream's bytes as they arrive (a stream chunk by chunk), and
 * writes one readable cassette per exchange with every credential redacted.
 *
 * @example
 * const recorder = await startRecorder({ upstream: 'http://127.0.0.1:8080/api/v1', out: 'cassettes' });
 * // point a client at recorder.baseUrl, then:
 * await recorder.close();
 */
export async function startRecorder(options: RecorderOptions): Promise<RunningRecorder> {
  const upstream = new URL(options.upstream);
  if (upstream.username || upstream.password) throw new TypeError('--upstream: put credentials in the client, not in the URL (they would be recorded)');
  const basePath = upstream.pathname.replace(/\/+$/, '');
  const limit = options.maxBodyBytes ?? 25 * 1024 * 1024;
  mkdirSync(options.out, { recursive: true });
  const notRecorded = options.onNotRecorded ?? ((line: string) => console.error(line));
  let written = 0;
  const inFlight = new Set<Promise<void>>();

  async function exchange(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const fullPath = req.url ?? '/';
    const what = `gatewaykit record: not recorded: ${method} ${printable(fullPath)}`;
    // Only an origin-form target (`/path?query`, RFC 9112 3.2.1) is forwarded, and only to the
    // upstream's origin: `m://ignored/x` or `http://other/x` could otherwise pick another host.
    const target = originFormTarget(upstream, fullPath);
    if (!target)
      return refuse(
        res,
        400,
        'gatewaykit record: the request target must be a path starting with /',
        notRecorded,
        `${what} -> 400 (the request target is not a path)`,
      );
    const requestBody = await readBody(req, limit);
    if (!requestBody)
      return refuse(res, 413, `gatewaykit record: request body over ${limit} bytes`, notRecorded, `${what} -> 413 (request body over ${limit} bytes)`);
    const headers = forwardedHeaders(req);
    const aborted = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) aborted.abort();
    });
    const started = performance.now();
    let upstreamResponse: Response;
    try {
      const hasBody = method !== 'GET' && method !== 'HEAD';
      upstreamResponse = await fetch(target, {
        method,
        headers,
        body: hasBody ? (requestBody as Uint8Array<ArrayBuffer>) : undefined,
        redirect: 'manual',
        signal: aborted.signal,
      });
    } catch (error) {
      const cause = (error as Error).message;
      return refuse(
        res,
        502,
        `gatewaykit record: the upstream ${upstream.origin} did not answer (${cause})`,
        notRecorded,
        `${what} -> 502 (the upstream did not answer: ${cause})`,
      );
    }
    const isStream = /^text\/event-stream/i.test(upstreamResponse.headers.get('content-type') ?? '');
    const { chunks, firstByte } = await relay(upstreamResponse, res, started);
    const total = performance.now() - started;
    const raw = {
      method,
      path: relativeTo(basePath, fullPath),
      requestHeaders: headers,
      requestBody,
      status: upstreamResponse.status,
      responseHeaders: keptResponseHeaders(upstreamResponse.headers),
      responseChunks: chunks.map((c) => ({ at_ms: Math.round(c.at * 10) / 10, bytes: c.bytes })),
      isStream,
    };
    const { file, cassette } = saveExchange(
      options.out,
      `${upstream.origin}${basePath}`,
      raw,
      { first_byte_ms: firstByte ?? total, total_ms: total },
      new Date().toISOString(),
    );
    written++;
    options.onRecorded?.(file, cassette);
  }

  const server = createServer((req, res) => {
    const work = exchange(req, res).catch((error: unknown) => {
      notRecorded(`gatewaykit record: not recorded: ${req.method ?? 'GET'} ${printable(req.url ?? '/')} (${(error as Error).message})`);
      if (!res.headersSent && !res.destroyed)
        res.writeHead(500, { 'content-type': 'application/json' }).end(envelope(500, `gatewaykit record: ${(error as Error).message}`));
      else if (!res.destroyed) res.end();
    });
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  });
  return listenRecorder(server, options, basePath, inFlight, () => written);
}

/** The recorder listening, with a close() that lets recordings in flight finish first. */
async function listenRecorder(
  server: Server,
  options: RecorderOptions,
  basePath: string,
  inFlight: ReadonlySet<Promise<void>>,
  recorded: () => number,
): Promise<RunningRecorder> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as { port: number };
  const host = options.host ?? '127.0.0.1';
  return {
    baseUrl: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}${basePath}`,
    server,
    recorded,
    async close() {
      await Promise.allSettled([...inFlight]);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}
