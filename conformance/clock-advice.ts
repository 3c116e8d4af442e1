import type { ConformanceReport } from './report.ts';

/**
 * The note a run against the simulator on its real clock gets: every timed answer (streams paced
 * in real time, video jobs, Retry-After waits) then takes real time, which a virtual clock skips.
 *
 * @example
 * clockAdvice({ simulator: true, clock: 'system' }); // 'note: the simulator runs on its real clock; ...'
 * clockAdvice({ simulator: true, clock: 'virtual' }); // undefined
 */
export function clockAdvice(target: Pick<ConformanceReport['target'], 'simulator' | 'clock'>): string | undefined {
  if (!target.simulator || target.clock !== 'system') return undefined;
  return 'note: the simulator runs on its real clock; start it with --clock virtual (gatewaykit serve --clock virtual) to make this run about ten times faster';
}
