import type { HttpHandler } from 'msw';
import type { Route } from '../http/route.ts';
import { withIndependentCopies } from './independent-copies.ts';
import { mswHttp } from './msw-http.ts';

/**
 * msw request handlers over the gateway core: one per API operation (so msw's own logging names
 * them), then a catch-all for the control API and one under the base URL, so an unknown path gets
 * the spec 7 envelope from the core instead of passing through to the network.
 *
 * @example
 * const handlers = mswHandlers({ baseUrl: 'http://127.0.0.1:8080/api/v1', routes, handle: (request) => dispatch(request) });
 * setupServer(...handlers).listen();
 */
export function mswHandlers(args: { baseUrl: string; routes: readonly Route[]; handle: (request: Request) => Promise<Response> }): HttpHandler[] {
  const { baseUrl, routes, handle } = args;
  const http = mswHttp();
  const origin = new URL(baseUrl).origin;
  // Bodies msw can clone without breaking `body.cancel()` (independent-copies.ts): the openai
  // SDK cancels an error body before each retry, which hung under plain msw 2.
  const forward = async ({ request }: { request: Request }) => withIndependentCopies(await handle(request));
  return [
    ...routes.filter((r) => !r.control).map((r) => http[r.method.toLowerCase() as 'get'](`${baseUrl}${r.path}`, forward)),
    http.all(`${origin}/__gatewaykit/*`, forward),
    http.all(`${baseUrl}/*`, forward),
  ];
}
