import type { IncomingMessage } from 'node:http';
import { LightHeaders } from '../../http/light-headers.ts';
import { LightRequest } from '../../http/light-request.ts';
import { isPlainPath } from '../../http/plain-path.ts';

// Fetch refuses these methods (the Request constructor throws); so does this adapter (a 400).
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * IncomingMessage -> the core's Request (src/http/light-request.ts), without undici's constructor:
 * the headers are a map over `rawHeaders`, the body is read through `RequestInfo.readBody`. Throws (as the Request
 * constructor would) for a target that is no URL and for a method Fetch forbids; the adapter
 * answers those 400.
 *
 * @example
 * const request = incomingRequest(req, 'http://127.0.0.1:8080');
 * request.headers.get('authorization');
 */
export function incomingRequest(req: IncomingMessage, origin: string): Request {
  const method = req.method ?? 'GET';
  if (FORBIDDEN_METHODS.has(method.toUpperCase())) throw new TypeError(`'${method}' HTTP method is unsupported.`);
  // Origin-form targets are joined, not resolved: `new URL('//x/y', origin)` would read `//x` as a
  // host. Anything else (absolute-form, `*`) is resolved. Parsed either way, as Fetch does: a
  // target URL refuses throws here, and `url` is the normalised form a Request would hold.
  const target = req.url ?? '/';
  // A path URL parsing would leave as it is (the requests clients send): no URL object made.
  if (isPlainPath(target)) return new LightRequest(origin + target, method, LightHeaders.fromRaw(req.rawHeaders), undefined, target) as unknown as Request;
  const url = target.startsWith('/') ? new URL(origin + target) : new URL(target, origin);
  return new LightRequest(url.href, method, LightHeaders.fromRaw(req.rawHeaders), undefined, url) as unknown as Request;
}
