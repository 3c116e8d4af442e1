import type { Clock } from '../clock/clock.ts';
import type { MetricsTally } from '../state/metrics-tally.ts';
import type { DispatchObserver } from './dispatch-observer.ts';

/** The Prometheus tallies as a listener of the dispatcher: every API answer, its status and time, and the stream faults forced on it. */
export function metricsObserver(metrics: MetricsTally, clock: Clock): DispatchObserver {
  return {
    answered({ ctx, operation, response }) {
      metrics.answered(operation, response.status, clock.now() - ctx.receivedAt);
      const streamFault = ctx.simulation.streamFault;
      if (streamFault && response.ok && response.headers.get('content-type')?.startsWith('text/event-stream')) metrics.streamFault(operation, streamFault);
      return undefined;
    },
  };
}
