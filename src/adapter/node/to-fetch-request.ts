import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';

/**
 * IncomingMessage -> Fetch Request. With `withBody: false` the Request carries no body: the server
 * adapter hands the core a direct reader of the IncomingMessage instead (read-incoming-body.ts),
 * which skips a web stream per request. Otherwise the body is a lazy stream (read only if asked).
 *
 * `signal` is optional and the server adapter does not pass it: undici makes a Request follow an
 * outside signal through a WeakRef and a FinalizationRegistry, which costs more than the rest of
 * the conversion (docs/decisions/0024-light-fetch-objects.md). The adapter hands the
 * dispatcher its "client gone" signal through `RequestInfo.signal` instead.
 *
 * @example
 * const request = toFetchRequest(req, 'http://127.0.0.1:8080');
 */
export function toFetchRequest(req: IncomingMessage, origin: string, signal?: AbortSignal, withBody = true): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    try {
      headers.append(raw[i] as string, raw[i + 1] as string);
    } catch {
      // A header value Fetch refuses (e.g. bytes outside Latin-1): drop it rather than crash.
    }
  }
  const method = req.method ?? 'GET';
  const hasBody = withBody && method !== 'GET' && method !== 'HEAD';
  // Origin-form targets are joined, not resolved: `new URL('//x/y', origin)` would read `//x` as a
  // host. Anything else (absolute-form, `*`) is resolved, and a target URL refuses is a 400 upstream.
  const target = req.url ?? '/';
  const url = target.startsWith('/') ? origin + target : new URL(target, origin).href;
  return new Request(url, {
    method,
    headers,
    ...(signal ? { signal } : {}),
    ...(hasBody ? { body: Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}
