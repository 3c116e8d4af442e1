import type { OrderedRoute } from './ordered-route.ts';

/** Routes remembered per gateway; past this many the memory starts again. */
export const ROUTES_KEPT = 512;

/** The ordering of a request without plugins (ordered-route.ts), as made once. */
export type RememberedRoute = Extract<OrderedRoute, { ok: true }>;

/**
 * The orderings of one gateway's requests without plugins, by everything such an ordering is made
 * of (resolve-route.ts makes the key from what `orderedRoute` reads). It is made once per gateway
 * (`createEngine`, with the fast paths on), so it goes with its gateway and its catalogue.
 */
export interface RouteMemo {
  get(key: string): RememberedRoute | undefined;
  set(key: string, route: RememberedRoute): void;
  clear(): void;
}

/**
 * A bounded route memo.
 *
 * @example
 * const routes = createRouteMemo();
 * resolveRoute({ request, env, apiKey, sessionId: undefined, routes });
 */
export function createRouteMemo(limit = ROUTES_KEPT): RouteMemo {
  const routes = new Map<string, RememberedRoute>();
  return {
    get: (key) => routes.get(key),
    set(key, route) {
      if (routes.size >= limit) routes.clear();
      routes.set(key, route);
    },
    clear: () => routes.clear(),
  };
}
