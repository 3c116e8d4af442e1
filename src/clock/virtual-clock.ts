import type { TimerHandle, VirtualClock } from './clock.ts';

/** 2026-01-01T00:00:00Z: a fixed start so that virtual-clock runs are reproducible. */
export const DEFAULT_VIRTUAL_EPOCH_MS = Date.UTC(2026, 0, 1);

/** The last instant a Date can hold (ECMAScript: 8.64e15 ms); past it no time can be formatted. */
export const MAX_CLOCK_MS = 8.64e15;

interface Timer {
  at: number;
  order: number;
  fn: () => void;
  cancelled: boolean;
}

/**
 * Let callbacks' promise chains settle before the next timer fires. setImmediate where it exists
 * (Node); browsers have none (msw setupWorker runs the core there), so a zero timeout.
 */
const settle = () => new Promise<void>((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

/**
 * A clock that only moves when advanced, so tests never sleep.
 *
 * @example
 * const clock = virtualClock();
 * const gateway = createGateway({ clock });
 * await clock.advance(30_000); // video jobs move on, webhook retries fire
 */
export function virtualClock(startMs: number = DEFAULT_VIRTUAL_EPOCH_MS): VirtualClock {
  let now = startMs;
  let counter = 0;
  const timers: Timer[] = [];

  async function advanceTo(target: number): Promise<void> {
    if (!Number.isFinite(target)) throw new RangeError('advanceTo: target must be a finite number');
    if (target > MAX_CLOCK_MS) throw new RangeError(`advanceTo: ${target} is past the last representable time (${MAX_CLOCK_MS})`);
    if (target < now) return;
    for (;;) {
      let next: Timer | undefined;
      for (const t of timers) {
        if (t.cancelled || t.at > target) continue;
        if (!next || t.at < next.at || (t.at === next.at && t.order < next.order)) next = t;
      }
      if (!next) break;
      timers.splice(timers.indexOf(next), 1);
      now = Math.max(now, next.at);
      next.fn();
      await settle();
    }
    now = target;
    await settle();
  }

  return {
    kind: 'virtual',
    now: () => now,
    setTimer(ms, fn): TimerHandle {
      const timer: Timer = { at: now + Math.max(0, ms), order: counter++, fn, cancelled: false };
      timers.push(timer);
      return {
        cancel() {
          timer.cancelled = true;
          const i = timers.indexOf(timer);
          if (i >= 0) timers.splice(i, 1);
        },
      };
    },
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) return Promise.reject(new RangeError('advance: ms must be a finite number >= 0'));
      return advanceTo(now + ms);
    },
    advanceTo,
    pendingTimers: () => timers.length,
    reset() {
      now = startMs;
      for (const t of timers) t.cancelled = true;
      timers.length = 0;
    },
  };
}
