import type { IncomingMessage } from 'node:http';
import { LightHeaders } from '../../http/light-headers.ts';

// Fetch refuses these methods (the Request constructor throws); so does this adapter (a 400).
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * The Request the node adapter hands the core: method, URL and headers taken straight from the
 * IncomingMessage (the headers as a Map over `rawHeaders`, src/http/light-headers.ts), in the
 * @hono/node-server way. Anything else a caller asks of it (`signal`, `clone()`, ...) builds the
 * ordinary bodiless Request once and answers from that: the body is read through
 * `RequestInfo.readBody` (read-incoming-body.ts), never through a web stream. undici's Request
 * constructor (URL parsing, a Headers copy, an AbortSignal) cost about 10 µs per request, a third
 * of answering a 401. Its prototype chain reaches Request.prototype, so it is an
 * `instanceof Request`; every member a caller can reach is its own.
 */
class IncomingRequest {
  #url: string;
  #method: string;
  #headers: Headers;
  #real: Request | undefined;

  constructor(url: string, method: string, headers: Headers) {
    this.#url = url;
    this.#method = method;
    this.#headers = headers;
  }

  get url(): string {
    return this.#url;
  }
  get method(): string {
    return this.#method;
  }
  get headers(): Headers {
    return this.#headers;
  }
  /** The ordinary Request (no body), built on first need. */
  private real(): Request {
    return (this.#real ??= new Request(this.#url, { method: this.#method, headers: this.#headers }));
  }
  get signal(): AbortSignal {
    return this.real().signal;
  }
  get body(): ReadableStream<Uint8Array> | null {
    return this.real().body;
  }
  get bodyUsed(): boolean {
    return this.real().bodyUsed;
  }
  get cache(): RequestCache {
    return this.real().cache;
  }
  get credentials(): RequestCredentials {
    return this.real().credentials;
  }
  get destination(): RequestDestination {
    return this.real().destination;
  }
  get integrity(): string {
    return this.real().integrity;
  }
  get keepalive(): boolean {
    return this.real().keepalive;
  }
  get mode(): RequestMode {
    return this.real().mode;
  }
  get redirect(): RequestRedirect {
    return this.real().redirect;
  }
  get referrer(): string {
    return this.real().referrer;
  }
  get referrerPolicy(): ReferrerPolicy {
    return this.real().referrerPolicy;
  }
  arrayBuffer(): Promise<ArrayBuffer> {
    return this.real().arrayBuffer();
  }
  blob(): Promise<Blob> {
    return this.real().blob();
  }
  formData(): Promise<FormData> {
    return this.real().formData();
  }
  json(): Promise<unknown> {
    return this.real().json();
  }
  text(): Promise<string> {
    return this.real().text();
  }
  clone(): Request {
    return this.real().clone();
  }
  get [Symbol.toStringTag](): string {
    return 'Request';
  }
}
Object.setPrototypeOf(IncomingRequest.prototype, Request.prototype);

/**
 * IncomingMessage -> the core's Request, without undici's constructor. Throws (as the Request
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
  const url = target.startsWith('/') ? new URL(origin + target).href : new URL(target, origin).href;
  return new IncomingRequest(url, method, LightHeaders.fromRaw(req.rawHeaders)) as unknown as Request;
}
