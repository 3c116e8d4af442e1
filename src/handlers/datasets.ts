import type { GatewayEnv } from '../gateway-env.ts';
import type { Route } from '../http/route.ts';

/** GET /datasets/rankings-daily (spec 4.4). Filled in by the datasets area. */
export function datasetsRoutes(_env: GatewayEnv): Route[] {
  return [];
}
