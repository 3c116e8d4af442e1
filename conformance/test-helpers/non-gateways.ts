import type { FetchLike } from '../client/gateway-client.ts';

/**
 * Three servers that are not gateways, as in-process fetch functions: the suite must give them
 * no pass on any check that needs a working gateway (conformance/non-gateways.test.ts).
 */
export const NON_GATEWAYS: Readonly<Record<string, FetchLike>> = {
  /** A crashed backend: 500 for everything, plain text. */
  'server-error': async () => new Response('Internal Server Error', { status: 500, headers: { 'content-type': 'text/plain' } }),
  /** A web server or edge with nothing at that path: an HTML 404 page for everything. */
  'html-404': async () =>
    new Response('<!doctype html><html><body><h1>404 Not Found</h1></body></html>', { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } }),
  /** An echo service: 200 with the request as JSON, for everything. */
  'echo-200': async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? await request.text() : '';
    return Response.json({ method: request.method, url: request.url, headers: Object.fromEntries(request.headers), body });
  },
};
