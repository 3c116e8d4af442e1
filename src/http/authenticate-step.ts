import { authenticate } from '../auth/authenticate.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import type { DispatchStep } from './dispatch-step.ts';
import type { Route } from './route.ts';

/**
 * spec 5: the bearer key (or the route's own key header, Anthropic's `x-api-key`) names a known,
 * enabled key; a management route needs a management key (spec 5.3, 403). Undefined for a route
 * without auth (the control API).
 */
export function authenticateStep(route: Route, env: GatewayEnv): DispatchStep | undefined {
  if (route.auth === 'none') return undefined;
  const { keyHeader } = route;
  return (ctx) => {
    const headers = ctx.request.headers;
    const alternative = keyHeader ? headers.get(keyHeader) : null;
    const auth = authenticate(
      headers.get('authorization') ?? (alternative === null ? null : `Bearer ${alternative}`),
      env.management.ring,
      ctx.receivedAt,
      env.keys,
    );
    if (auth instanceof GatewayError) throw auth;
    ctx.apiKey = auth;
    ctx.retryAfterFromKey = auth.retryAfterMs;
    if (route.auth === 'management' && auth.kind !== 'management') throw new GatewayError(403, 'This operation requires a management key');
  };
}
