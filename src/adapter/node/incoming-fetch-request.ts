import type { IncomingMessage } from 'node:http';

/**
 * IncomingMessage -> undici's own Request (no body: the core reads it through
 * `RequestInfo.readBody`), for a gateway made with `fastPaths: false`: Fetch itself parses the
 * URL, normalises the method and joins repeated headers, the rules the light Request of
 * incoming-request.ts keeps without it. Throws as the Request constructor does (a target that is
 * no URL, a method Fetch forbids); the adapter answers those 400.
 *
 * @example
 * const request = incomingFetchRequest(req, 'http://127.0.0.1:8080');
 */
export function incomingFetchRequest(req: IncomingMessage, origin: string): Request {
  // Origin-form targets are joined, not resolved (`//x/y` is a path here, not a host).
  const target = req.url ?? '/';
  const url = target.startsWith('/') ? origin + target : new URL(target, origin).href;
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  return new Request(url, { method: req.method ?? 'GET', headers });
}
