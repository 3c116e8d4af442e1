import type { GatewayEnv } from '../gateway-env.ts';
import type { Route } from '../http/route.ts';

/** GET /openapi.json. Filled in by the ecosystem area. */
export function openapiRoutes(_env: GatewayEnv): Route[] {
  return [];
}
