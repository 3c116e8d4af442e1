import { errorBodyText, type GatewayError } from '../errors/gateway-error.ts';
import type { Route } from './route.ts';

/** The first segment of an API path (`/messages/count_tokens` -> `messages`). */
export function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return end < 0 ? path.slice(1) : path.slice(1, end);
}

/**
 * The routes that answer failures in their own shape (Route.errorBody), by the first segment of
 * their path: a path under such a family (`/messages/...`) is answered in that shape even when no
 * route serves it, so an Anthropic client reads every failure of its base path as its own.
 */
export function familyErrorRoutes(routes: readonly Route[]): Map<string, Route> {
  const families = new Map<string, Route>();
  for (const route of routes) if (route.errorBody && !families.has(firstSegment(route.path))) families.set(firstSegment(route.path), route);
  return families;
}

/**
 * The body text of a failure answered before any route ran (a request Node refused or timed out),
 * in the shape of the family its path belongs to, else spec 7's envelope.
 *
 * @example
 * const text = familyErrorText(familyErrorRoutes(routes), '/api/v1')('/api/v1/messages', new GatewayError(408, 'Request timed out'));
 */
export function familyErrorText(families: ReadonlyMap<string, Route>, basePath: string): (pathname: string | undefined, err: GatewayError) => string {
  return (pathname, err) => {
    const route = pathname?.startsWith(`${basePath}/`) ? families.get(firstSegment(pathname.slice(basePath.length))) : undefined;
    return route?.errorBody ? JSON.stringify(route.errorBody(err, { requestId: '', metadataEnabled: false })) : errorBodyText(err);
  };
}
