/**
 * A Request holding its method, URL and headers as given (the headers usually a
 * src/http/light-headers.ts map), in the @hono/node-server way: what the node adapter and
 * `gateway.fetch` hand the core. Anything else a caller asks of it (`signal`, `clone()`, ...)
 * builds the ordinary Request once and answers from that. The core reads bodies through
 * `RequestInfo.readBody`, never through a web stream. undici's Request constructor (URL parsing, a
 * Headers copy, an AbortSignal, a body stream) is a large share of a small answer's cost
 * (docs/decisions/0024-light-fetch-objects.md). Every member a caller can reach is its own; it becomes an `instanceof Request` when one
 * may reach a caller who could check (src/http/fetch-prototypes.ts).
 */
export class LightRequest {
  #url: string;
  #method: string;
  #headers: Headers;
  #body: string | undefined;
  #real: Request | undefined;
  #parsed: URL | undefined;
  #plainPath: string | undefined;

  /**
   * `url` must already be normalised (a URL's href) and `method` valid for Fetch. `parsed`: the URL
   * the caller parsed to get that href, handed on so the dispatcher need not parse it again; or,
   * as a string, the href's path when the caller knows it is one URL parsing leaves unchanged
   * (no query, no dot segment, no escape), so nobody need parse it at all.
   */
  constructor(url: string, method: string, headers: Headers, body?: string, parsed?: URL | string) {
    this.#url = url;
    this.#method = method;
    this.#headers = headers;
    this.#body = body;
    if (typeof parsed === 'string') this.#plainPath = parsed;
    else this.#parsed = parsed;
  }

  /** The parsed URL the request was made with, if its maker handed one over. */
  static parsedUrl(request: Request): URL | undefined {
    return #parsed in request ? (request as unknown as LightRequest).#parsed : undefined;
  }

  /** The URL's path, when its maker knew it without parsing (see the constructor). */
  static plainPath(request: Request): string | undefined {
    return #plainPath in request ? (request as unknown as LightRequest).#plainPath : undefined;
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
  /** The ordinary Request, built on first need. */
  private real(): Request {
    return (this.#real ??= new Request(this.#url, { method: this.#method, headers: this.#headers, ...(this.#body !== undefined ? { body: this.#body } : {}) }));
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
