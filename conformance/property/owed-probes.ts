import type { Probe } from '../client/probe.ts';
import { isPaidProbe } from '../client/probe.ts';

/**
 * How many of these probes take a unit of the budget (only requests to paid operations do): what
 * a check sending each of them once owes (`Check.owes`).
 *
 * @example
 * paidCount([{ method: 'POST', path: '/responses' }, { method: 'GET', path: '/models' }]); // 1
 */
export function paidCount(probes: readonly Pick<Probe, 'method' | 'path'>[]): number {
  return probes.filter(isPaidProbe).length;
}
