/** One request as the transport sends it, redirects included. */
export interface OutgoingRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: string | Uint8Array | undefined;
  readonly signal: AbortSignal;
  /** Redirects followed to get here. */
  readonly redirects: number;
}

/** The statuses fetch follows when they carry a Location. */
export const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Fetch's limit on redirects followed for one request. */
const MAX_REDIRECTS = 20;

/**
 * The request again at `location`, as fetch follows a 3xx: a POST turned into a GET by a 301/302
 * (and anything but HEAD by a 303), without its body and its content headers; the credentials left
 * out across origins. An Error past 20 redirects or for a Location that is not a URL.
 */
export function redirectedRequest(request: OutgoingRequest, target: URL, status: number, location: string): OutgoingRequest | Error {
  if (request.redirects >= MAX_REDIRECTS) return new Error('redirect count exceeded');
  let next: URL;
  try {
    next = new URL(location, target);
  } catch (error) {
    return error as Error;
  }
  const headers = { ...request.headers };
  const { method } = request;
  const toGet = (status === 303 && method !== 'HEAD') || ((status === 301 || status === 302) && method === 'POST');
  if (toGet) for (const name of ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']) delete headers[name];
  if (next.origin !== target.origin) for (const name of ['authorization', 'proxy-authorization', 'cookie']) delete headers[name];
  return {
    url: next.href,
    method: toGet ? 'GET' : method,
    headers,
    body: toGet ? undefined : request.body,
    signal: request.signal,
    redirects: request.redirects + 1,
  };
}
