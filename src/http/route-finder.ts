import { GatewayError } from '../errors/gateway-error.ts';
import { baseUrlHint } from './base-url-hint.ts';
import type { DispatchContext } from './dispatch-context.ts';
import { composeSteps } from './dispatch-step.ts';
import { familyErrorRoutes, firstSegment } from './family-errors.ts';
import { pathMatcher } from './match-path.ts';
import type { Route } from './route.ts';

/** A route with its path pattern prepared once (match-path.ts) and its pipeline composed once. */
export interface PreparedRoute {
  readonly route: Route;
  readonly match: ReturnType<typeof pathMatcher>;
  readonly run: ReturnType<typeof composeSteps>;
}

/** The route a request names, or why none serves it. */
export type RouteMatch =
  { readonly found: PreparedRoute; readonly params: Record<string, string> } | { readonly found: undefined; readonly failure: GatewayError };

/**
 * Finds the route of a request among the API routes or the control routes. A path no route serves
 * is a 404 (with the base URL to use when the path ends in an operation, base-url-hint.ts); a path
 * served for other methods is a 405 with `Allow`.
 */
export function createRouteFinder(api: readonly PreparedRoute[], control: readonly PreparedRoute[], basePath: string, fallbackOrigin: string) {
  const families = familyErrorRoutes(api.map(({ route }) => route));
  const isOperation = (p: string) => api.some(({ match }) => match(p, () => p.split('/')) !== undefined);

  const notFound = (message: string, pathname: string, ctx: DispatchContext): GatewayError => {
    let origin: string;
    try {
      origin = ctx.url.origin;
    } catch {
      origin = fallbackOrigin;
    }
    const hint = baseUrlHint(pathname, { origin, basePath, isOperation });
    return new GatewayError(404, hint ? `${message}. ${hint}` : message);
  };

  return {
    notFound,
    /** The route serving `method` on `path` (relative to the base path; absolute for control paths). */
    find(ctx: DispatchContext, path: string, pathname: string, isControl: boolean): RouteMatch {
      const method = ctx.request.method;
      let pathMatched: Route[] | undefined;
      let split: string[] | undefined;
      const segments = () => (split ??= path.split('/'));
      for (const prepared of isControl ? control : api) {
        const params = prepared.match(path, segments);
        if (!params) continue;
        if (prepared.route.method === method) return { found: prepared, params };
        (pathMatched ??= []).push(prepared.route);
      }
      // A path under a family with its own error shape (`/messages/...`) is answered in it.
      if (!isControl) ctx.errorShape = families.get(firstSegment(path));
      if (pathMatched) {
        const allowed = pathMatched.map((r) => r.method).join(', ');
        return {
          found: undefined,
          failure: new GatewayError(405, `Method ${method} is not allowed on ${pathname} (allowed: ${allowed})`, { headers: { Allow: allowed } }),
        };
      }
      return { found: undefined, failure: notFound(`No such operation: ${method} ${pathname}`, pathname, ctx) };
    },
  };
}
