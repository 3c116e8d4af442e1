import type { DispatchContext } from './dispatch-context.ts';

/**
 * One step of the dispatcher's pipeline before the operation runs (auth, simulation headers, rate
 * limit, credits): it reads the request's context, may add to it (the key, the simulation
 * controls), and refuses by throwing a GatewayError. Steps that may wait (a body read) return a
 * promise; the others return nothing, so a request through them awaits nothing.
 */
export type DispatchStep = (ctx: DispatchContext) => void | Promise<void>;

/** The operation a pipeline ends in. */
export type DispatchHandler = (ctx: DispatchContext) => Promise<Response> | Response;

/**
 * The steps then the handler, as one function: composed once per route, when the dispatcher is
 * made, from the steps that apply to that route (an unpaid route has no credit step).
 *
 * @example
 * const run = composeSteps([authenticateStep(route, env), rateLimitStep(limiter)], route.handle);
 * const response = await run(ctx);
 */
export function composeSteps(steps: readonly DispatchStep[], handle: DispatchHandler): (ctx: DispatchContext) => Promise<Response> {
  if (steps.length === 0) return async (ctx) => handle(ctx);
  return async (ctx) => {
    for (const step of steps) {
      const waiting = step(ctx);
      if (waiting) await waiting;
    }
    return handle(ctx);
  };
}
