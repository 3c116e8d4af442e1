import type { GatewayEnv } from '../gateway-env.ts';
import type { Route } from '../http/route.ts';

/** GET /models, GET /videos/models (spec 4.4). Filled in by the routing area. */
export function modelsRoutes(_env: GatewayEnv): Route[] {
  return [];
}
