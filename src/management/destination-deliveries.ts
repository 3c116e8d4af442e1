/** One delivery attempt of a generation to a destination, as the inspector shows it. */
export interface DeliveryAttempt {
  readonly destination_id: string;
  readonly generation_id: string;
  /** 1 for the first attempt. */
  readonly attempt: number;
  /** Gateway clock (ISO) of the attempt's end. */
  readonly at: string;
  readonly ok: boolean;
  /** Why it failed (bounded text), or null. */
  readonly error: string | null;
  /** The last attempt failed: this generation is not delivered to this destination. */
  readonly gave_up: boolean;
}

/** What happened to a destination's deliveries since the gateway started (or its last reset). */
export interface DeliveryStats {
  delivered: number;
  /** Generations given up on after the last attempt (or refused before any: queue full). */
  failed: number;
  /** Generations still owed to it (in flight or waiting for a retry). */
  pending: number;
  last_error: string | null;
  last_attempt_at: string | null;
}

/** Failed attempts kept for the inspector: the last ones only. */
const FAILURES_KEPT = 200;

/**
 * The deliveries of a gateway's destinations (src/broadcast/ makes them): counts per destination,
 * the last failed attempts, and the deliveries in flight, so a failure is visible (inspector,
 * `GET /__gatewaykit/management`) and a test can wait for quiet (`idle()`) instead of for time.
 */
export interface DeliveryLedger {
  /** A generation is owed to a destination. */
  owed(destinationId: string): void;
  /** The outcome of one attempt (`gave_up` or `ok` settle what was owed). */
  attempted(outcome: DeliveryAttempt): void;
  stats(destinationId: string): DeliveryStats;
  /** The last failed attempts, oldest first. */
  failures(): DeliveryAttempt[];
  /** Keep `work` in view until it settles (its error is the caller's to handle). */
  track(work: Promise<void>): void;
  /** Resolves once no delivery is in flight. */
  idle(): Promise<void>;
  forget(destinationId: string): void;
  reset(): void;
}

const fresh = (): DeliveryStats => ({ delivered: 0, failed: 0, pending: 0, last_error: null, last_attempt_at: null });

/**
 * @example
 * const ledger = createDeliveryLedger();
 * ledger.owed(id);
 * ledger.attempted({ destination_id: id, generation_id: 'gen-1', attempt: 1, at, ok: true, error: null, gave_up: false });
 */
export function createDeliveryLedger(): DeliveryLedger {
  const byDestination = new Map<string, DeliveryStats>();
  const failures: DeliveryAttempt[] = [];
  const inFlight = new Set<Promise<void>>();
  const of = (id: string) => {
    let stats = byDestination.get(id);
    if (!stats) byDestination.set(id, (stats = fresh()));
    return stats;
  };
  return {
    owed: (id) => void of(id).pending++,
    attempted(outcome) {
      const stats = of(outcome.destination_id);
      stats.last_attempt_at = outcome.at;
      if (outcome.ok) stats.delivered++;
      else {
        stats.last_error = outcome.error;
        failures.push(outcome);
        if (failures.length > FAILURES_KEPT) failures.shift();
        if (outcome.gave_up) stats.failed++;
      }
      if (outcome.ok || outcome.gave_up) stats.pending = Math.max(0, stats.pending - 1);
    },
    stats: (id) => ({ ...(byDestination.get(id) ?? fresh()) }),
    failures: () => failures.slice(),
    track(work) {
      const settled = work.then(
        () => undefined,
        () => undefined,
      );
      inFlight.add(settled);
      void settled.then(() => inFlight.delete(settled));
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    forget: (id) => void byDestination.delete(id),
    reset() {
      byDestination.clear();
      failures.length = 0;
    },
  };
}
