import { LightHeaders } from './light-headers.ts';
import { LightRequest } from './light-request.ts';
import { bodyTooLarge, declaredTooLarge } from './read-body.ts';

/** What the core needs of a `gateway.fetch` call: the Request, and its body reader (`RequestInfo.readBody`). */
export interface LightFetchCall {
  readonly request: Request;
  readBody(limit: number): Promise<Uint8Array>;
}

const NORMALISED_METHODS = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// A header value Fetch takes: Latin-1 (a ByteString), no NUL, CR or LF.
const VALUE = /^[^\0\r\n\u0100-\uffff]*$/;
const INIT_KEYS = new Set(['method', 'headers', 'body']);
const utf8 = new TextEncoder();

/** `init.headers` as name/value pairs when it is a plain record, a pair list or a Headers; else undefined. */
function headerPairs(headers: HeadersInit | undefined): Array<readonly [string, string]> | undefined {
  if (headers === undefined) return [];
  if (headers instanceof Headers) return [...headers];
  if (Array.isArray(headers))
    return headers.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string' && typeof p[1] === 'string')
      ? (headers as Array<[string, string]>)
      : undefined;
  const proto = Object.getPrototypeOf(headers) as unknown;
  if (proto !== Object.prototype && proto !== null) return undefined;
  const pairs = Object.entries(headers as Record<string, unknown>);
  return pairs.every(([, v]) => typeof v === 'string') ? (pairs as Array<[string, string]>) : undefined;
}

/**
 * The light form of `fetch(url, init)` for the common call (a method, plain headers, a string
 * body or none): the same Request the Fetch constructor would make, as far as the core can tell
 * (method normalised, headers lower-cased and joined, `text/plain;charset=UTF-8` for a string
 * body without a Content-Type), without building it. Anything else (a stream or form body, a
 * signal, a value Fetch would refuse) gives undefined: the caller then builds the ordinary
 * Request, which also throws Fetch's own errors. `plainPath`: the path of `url` when the caller
 * knows `url` is already normalised (src/http/plain-path.ts), so it need not be parsed.
 *
 * @example
 * const call = lightFetchCall('http://gw.test/api/v1/responses', { method: 'POST', body: '{}' });
 * if (call) await dispatch(call.request, { readBody: call.readBody, rawBodies: true });
 */
export function lightFetchCall(url: string, init: RequestInit | undefined, plainPath?: string): LightFetchCall | undefined {
  if (init !== undefined && (typeof init !== 'object' || init === null)) return undefined;
  if (init && Object.keys(init).some((k) => !INIT_KEYS.has(k) && (init as Record<string, unknown>)[k] !== undefined)) return undefined;
  let method = init?.method ?? 'GET';
  if (typeof method !== 'string' || !TOKEN.test(method)) return undefined;
  const upper = method.toUpperCase();
  if (NORMALISED_METHODS.has(upper)) method = upper;
  else if (upper === 'CONNECT' || upper === 'TRACE' || upper === 'TRACK') return undefined;
  const body = init?.body ?? undefined;
  if (body !== undefined && (typeof body !== 'string' || method === 'GET' || method === 'HEAD')) return undefined;
  const pairs = headerPairs(init?.headers);
  if (!pairs || pairs.some(([n, v]) => !TOKEN.test(n) || !VALUE.test(v))) return undefined;
  // A caller that knows `url` is already what the parser would make of it (`isPlainPath`) hands
  // its path over instead, and no URL object is made.
  let parsed: URL | string;
  if (plainPath !== undefined) parsed = plainPath;
  else {
    try {
      parsed = new URL(url);
    } catch {
      return undefined;
    }
  }
  const headers = new LightHeaders(pairs);
  if (body !== undefined && !headers.has('content-type')) headers.append('content-type', 'text/plain;charset=UTF-8');
  return {
    request: new LightRequest(typeof parsed === 'string' ? url : parsed.href, method, headers as unknown as Headers, body, parsed) as unknown as Request,
    // readBodyLimited's rules (src/http/read-body.ts) over bytes already in hand.
    readBody(limit) {
      const declared = headers.get('content-length');
      if (declared !== null && Number(declared) > limit) return Promise.reject(declaredTooLarge(declared, limit));
      const bytes = body === undefined ? new Uint8Array(0) : utf8.encode(body);
      return bytes.byteLength > limit ? Promise.reject(bodyTooLarge(limit)) : Promise.resolve(bytes);
    },
  };
}
