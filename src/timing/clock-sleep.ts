import type { Clock } from '../clock/clock.ts';

/**
 * Resolve once `ms` have passed on `clock`: real time on the system clock, `advance` on a
 * virtual one.
 *
 * @example
 * await clockSleep(gateway.clock, 250);
 */
export function clockSleep(clock: Clock, ms: number): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => void clock.setTimer(ms, resolve, { keepAlive: true }));
}
