import type { Clock } from '../clock/clock.ts';
import type { MetricsTally } from '../state/metrics-tally.ts';
import { isStreamedAnswer, type DispatchObserver } from './dispatch-observer.ts';

/** Where a request is counted in flight before its route is found (and for a path no route serves). */
const UNMATCHED = 'unknown';

/**
 * The Prometheus tallies as a listener of the dispatcher: every API answer, its status and time,
 * the stream faults forced on it, and the requests in flight (from arrival until the answer's body
 * has gone out: a stream until its end or until the client leaves it).
 */
export function metricsObserver(metrics: MetricsTally, clock: Clock): DispatchObserver {
  return {
    started: () => metrics.inFlight({ to: UNMATCHED }),
    matched: (ctx) => metrics.inFlight({ from: UNMATCHED, to: ctx.route!.operation }),
    answered({ ctx, operation, response }) {
      metrics.answered(operation, response.status, clock.now() - ctx.receivedAt);
      const streamFault = ctx.simulation.streamFault;
      if (streamFault && response.ok && response.headers.get('content-type')?.startsWith('text/event-stream')) metrics.streamFault(operation, streamFault);
      // The operation it was matched to; a request refused before a route was found is `unknown` in both.
      // A whole body is out with the answer; a stream is in flight until its end.
      if (!isStreamedAnswer(response)) return void metrics.inFlight({ from: operation });
      return { ended: () => metrics.inFlight({ from: operation }) };
    },
  };
}
