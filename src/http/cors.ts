/**
 * CORS of the API routes (never of the control API, see control-guard.ts). The API is called
 * with a bearer key, not cookies, so any origin may call it: a browser app talking to the
 * simulator directly is a supported use (the openai JS SDK with `dangerouslyAllowBrowser`).
 */

/** Headers a browser may read from an API answer. */
const EXPOSED = 'x-generation-id, retry-after, retry-after-ms, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset';
/** The same, on an answer that repeats the generation id as `request-id` (where Anthropic clients read it). */
const EXPOSED_WITH_REQUEST_ID = `${EXPOSED}, request-id`;
const METHODS = 'GET, POST, DELETE, OPTIONS';
/** Allowed when the preflight names no headers. */
const DEFAULT_ALLOWED = 'authorization, content-type';
/** A header list as a preflight sends it: RFC 9110 tokens separated by commas. */
const HEADER_LIST = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(\s*,\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;

/**
 * The answer to a CORS preflight of an API route: every header the browser asks to send is
 * allowed (the openai JS SDK sends `X-Stainless-*` headers, other clients their own), because the
 * simulator reads what it knows and ignores the rest, as the real gateway does.
 *
 * @example
 * preflightAnswer(new Headers({ 'access-control-request-headers': 'authorization, x-stainless-os' }));
 */
export function preflightAnswer(requestHeaders: Headers): Response {
  const asked = requestHeaders.get('access-control-request-headers')?.trim() ?? '';
  const allowed = asked.length > 0 && asked.length <= 8192 && HEADER_LIST.test(asked) ? asked.toLowerCase() : DEFAULT_ALLOWED;
  return new Response(null, {
    status: 204,
    headers: {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': METHODS,
      'access-control-allow-headers': allowed,
      'access-control-expose-headers': EXPOSED,
      'access-control-max-age': '600',
      vary: 'access-control-request-headers',
    },
  });
}

/**
 * Mark an API answer readable by any origin (the request carried an Origin header).
 *
 * @example
 * if (request.headers.has('origin')) allowAnyOrigin(response);
 */
export function allowAnyOrigin(response: Response): void {
  try {
    response.headers.set('access-control-allow-origin', '*');
    response.headers.set('access-control-expose-headers', response.headers.has('request-id') ? EXPOSED_WITH_REQUEST_ID : EXPOSED);
  } catch {
    // Immutable headers (a Response from fetch): left as they are.
  }
}
