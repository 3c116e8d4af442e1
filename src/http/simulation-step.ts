import { GatewayError } from '../errors/gateway-error.ts';
import { forcedError } from '../simulation/forced-error.ts';
import { readSimulationHeaders } from '../simulation/simulation-headers.ts';
import type { MetricsTally } from '../state/metrics-tally.ts';
import type { DispatchStep } from './dispatch-step.ts';
import type { Route } from './route.ts';

/**
 * spec 4: the simulation headers of an API request (forced faults, timing, chunking), read once
 * into the context; a forced status is the answer. Undefined for control routes, which read none.
 */
export function simulationStep(route: Route, metrics: MetricsTally | undefined): DispatchStep | undefined {
  if (route.control) return undefined;
  return (ctx) => {
    const sim = readSimulationHeaders(ctx.request.headers, route.faults);
    if (sim instanceof GatewayError) throw sim;
    ctx.simulation = sim;
    ctx.retryAfterFromHeader = sim.retryAfterMs;
    if (sim.status === undefined) return;
    metrics?.forcedFault(route.operation, sim.status);
    return forcedAnswer(ctx.json.bind(ctx), sim.status);
  };
}

/** The forced status, once the body is read: the journal (and the inspector's row) show the model it named. */
async function forcedAnswer(readBody: () => Promise<unknown>, status: number): Promise<never> {
  try {
    await readBody();
  } catch {
    // Unreadable or not JSON: the forced status is the answer all the same.
  }
  throw forcedError(status);
}
