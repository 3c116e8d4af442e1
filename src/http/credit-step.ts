import type { GatewayEnv } from '../env/gateway-env.ts';
import type { DispatchStep } from './dispatch-step.ts';
import type { Route } from './route.ts';

/**
 * spec 7 402 before a paid operation runs: the key past its limit, or the account out of credits.
 * The operation then holds its worst case (`ctx.reserve`), which may refuse it too. Undefined for
 * unpaid routes.
 */
export function creditStep(route: Route, env: GatewayEnv): DispatchStep | undefined {
  if (!route.paid) return undefined;
  return (ctx) => {
    if (!ctx.apiKey) return;
    const refusal = env.account.paymentRefusal(ctx.apiKey);
    if (refusal) throw refusal;
  };
}
