import type { Clock, TimerHandle } from './clock.ts';

/**
 * Wall-clock time; the default in server mode.
 *
 * @example
 * const gateway = createGateway({ clock: systemClock() });
 */
export function systemClock(): Clock {
  return {
    kind: 'system',
    now: () => Date.now(),
    setTimer(ms, fn, options): TimerHandle {
      const t = setTimeout(fn, Math.max(0, ms));
      // A pending webhook retry must not keep a CLI process alive after shutdown; an answer a
      // caller is waiting for must.
      if (!options?.keepAlive) t.unref?.();
      return { cancel: () => clearTimeout(t) };
    },
  };
}
