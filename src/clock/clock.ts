/** A cancellable timer created by a {@link Clock}. */
export interface TimerHandle {
  cancel(): void;
}

/**
 * Where all simulator time comes from (DESIGN: "Time only comes from the injected clock").
 * Job states, rate-limit windows, webhook retries and `created_at` fields read this, never Date.
 */
export interface Clock {
  readonly kind: 'system' | 'virtual';
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /**
   * Run `fn` once `ms` have passed on this clock. A system-clock timer does not keep the process
   * alive (a pending webhook retry must not hold a CLI open) unless `keepAlive` is set: a caller
   * is waiting on it (realistic timing, replayed timing).
   */
  setTimer(ms: number, fn: () => void, options?: { keepAlive?: boolean }): TimerHandle;
}

/** A clock that moves only when told to: tests advance it instead of sleeping. */
export interface VirtualClock extends Clock {
  readonly kind: 'virtual';
  /** Move time forward by `ms`, firing due timers in time order; resolves after their callbacks and the microtasks they queue. */
  advance(ms: number): Promise<void>;
  /** Move time forward to `epochMs` (never backwards). */
  advanceTo(epochMs: number): Promise<void>;
  /** Number of timers still waiting. */
  pendingTimers(): number;
  /** Back to the start time with no timers (used by the gateway's reset). */
  reset(): void;
}
