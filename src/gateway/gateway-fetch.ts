import { linkFetchPrototypes } from '../http/fetch-prototypes.ts';
import { lightFetchCall } from '../http/light-fetch-call.ts';
import { isPlainPath } from '../http/plain-path.ts';
import type { RequestInfo } from '../http/dispatch.ts';

/**
 * `gateway.fetch`: a Fetch-compatible entry point over the dispatcher. Relative URLs resolve
 * against the base URL (control paths against its origin). With `light` (the fast paths), the
 * common call (method, record headers, a string body) skips undici's Request and Response
 * (src/http/light-fetch-call.ts); without, every call is undici's Request in, its Response out.
 *
 * @example
 * const fetch = gatewayFetch('http://127.0.0.1:8080/api/v1', dispatch, true);
 * await fetch('/models', { headers: { authorization: 'Bearer sk-gw-test' } });
 */
export function gatewayFetch(
  baseUrl: string,
  dispatch: (request: Request, info?: RequestInfo) => Promise<Response>,
  light: boolean,
): (input: Request | string | URL, init?: RequestInit) => Promise<Response> {
  const parsedBase = new URL(baseUrl);
  const toUrl = (input: string | URL): string => {
    const s = String(input);
    if (s.startsWith('/__gatewaykit/')) return `${parsedBase.origin}${s}`;
    return s.startsWith('/') ? `${baseUrl}${s}` : s;
  };
  // The normalised base (origin and path, no trailing slash) a plain relative path is joined to.
  const basePathname = parsedBase.pathname.replace(/\/+$/, '');
  const plainBase = parsedBase.search === '' && parsedBase.hash === '' && baseUrl === `${parsedBase.origin}${basePathname}`;
  /** The URL path of a relative `gateway.fetch` input the parser would leave as joined, else undefined. */
  const plainPathOf = (input: string | URL): string | undefined => {
    if (typeof input !== 'string' || !isPlainPath(input)) return undefined;
    if (input.startsWith('/__gatewaykit/')) return input;
    return plainBase ? `${basePathname}${input}` : undefined;
  };
  // Chosen once: Fetch's own objects throughout.
  if (!light) return (input, init) => dispatch(input instanceof Request ? (init ? new Request(input, init) : input) : new Request(toUrl(input), init));
  return function fetchGateway(input, init) {
    // The light answers it returns are `instanceof Response` to the caller.
    linkFetchPrototypes();
    if (input instanceof Request) return dispatch(init ? new Request(input, init) : input);
    const call = lightFetchCall(toUrl(input), init, plainPathOf(input));
    if (!call) return dispatch(new Request(toUrl(input), init));
    return dispatch(call.request, { readBody: call.readBody, rawBodies: true });
  };
}
