import type { GatewayEnv } from '../gateway-env.ts';
import type { Route } from '../http/route.ts';

/** POST /videos, GET /videos/:jobId, GET /videos/:jobId/content (spec 4.2, 4.3). Filled in by the videos area. */
export function videosRoutes(_env: GatewayEnv): Route[] {
  return [];
}
