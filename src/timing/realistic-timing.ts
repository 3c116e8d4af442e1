import type { Timing, TimingMode } from './timing-options.ts';

/**
 * Whether an answer is timed as the routed endpoint would answer (docs/timing.md): the request's
 * `X-Gatewaykit-Timing` when it sent one, else the gateway's mode. The one reading of that rule.
 *
 * @example
 * realisticTiming(ctx.simulation, env.timing); // false for an instant gateway and no header
 */
export function realisticTiming(asked: { readonly timing?: TimingMode }, timing: Pick<Timing, 'mode'>): boolean {
  return (asked.timing ?? timing.mode) === 'realistic';
}
