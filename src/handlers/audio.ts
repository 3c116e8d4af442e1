import type { GatewayEnv } from '../gateway-env.ts';
import type { Route } from '../http/route.ts';

/** POST /audio/transcriptions (spec 4.4). Filled in by the audio area. */
export function audioRoutes(_env: GatewayEnv): Route[] {
  return [];
}
