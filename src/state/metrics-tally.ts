/**
 * Upper bounds (seconds) of the latency histogram's buckets: prom-client's defaults, then the
 * minutes a realistic-timing answer or a slow provider can take.
 */
export const LATENCY_BUCKETS_SECONDS: readonly number[] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/** One operation's latencies: a count per bucket (not cumulative), their sum and count. */
export interface LatencyTally {
  readonly buckets: number[];
  sum: number;
  count: number;
}

/** What the gateway counted since start or control reset, read by `GET /__gatewaykit/metrics`. */
export interface MetricsSnapshot {
  /** Answers by operation and status. */
  readonly requests: ReadonlyMap<string, ReadonlyMap<number, number>>;
  /** Time from arrival to the answer's headers on the gateway clock, by operation. */
  readonly latency: ReadonlyMap<string, Readonly<LatencyTally>>;
  /** Paid answers' tokens and cost (USD) by the model that served them. */
  readonly models: ReadonlyMap<string, Readonly<{ promptTokens: number; completionTokens: number; cost: number; answers: number }>>;
  /** Streams failed on purpose (`X-Gatewaykit-Fault: stream-cut | stream-error`), by operation and fault. */
  readonly streamFaults: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** Statuses forced by `X-Gatewaykit-Fault`, by operation and status. */
  readonly forcedFaults: ReadonlyMap<string, ReadonlyMap<number, number>>;
  /** Programmed provider faults that failed an attempt, by provider and status. */
  readonly providerFaults: ReadonlyMap<string, ReadonlyMap<number, number>>;
  /** The answer memo's work: requests it looked up, answers it gave (both stay 0 with `fastPaths: false`). */
  readonly answerMemo: { consulted: number; replayed: number };
  /**
   * Requests arrived whose answer has not gone out yet (a stream until its end), by operation
   * (`unknown` before the route is found). The present, not a count: a reset keeps it.
   */
  readonly inFlight: ReadonlyMap<string, number>;
}

/**
 * The gateway's counters, one per gateway (two gateways in one process never mix): plain counts
 * on the request path, turned into the Prometheus text format only when scraped
 * (handlers/metrics.ts), so an answer pays a few map updates and nothing more.
 */
export interface MetricsTally {
  /** A request arrived (`unknown`), its route was found (moves to the operation), its answer went out. */
  inFlight(change: { from?: string; to?: string }): void;
  answered(operation: string, status: number, latencyMs: number): void;
  /** A paid answer's usage; a revised answer passes the difference (negative parts allowed). */
  generation(model: string, usage: { promptTokens: number; completionTokens: number; cost: number; answers: number }): void;
  streamFault(operation: string, fault: string): void;
  forcedFault(operation: string, status: number): void;
  providerFault(provider: string, status: number): void;
  answerMemo(outcome: 'consulted' | 'replayed'): void;
  snapshot(): MetricsSnapshot;
  reset(): void;
}

/**
 * A fresh tally.
 *
 * @example
 * const tally = createMetricsTally();
 * tally.answered('responses.create', 200, 12);
 * tally.snapshot().requests.get('responses.create')?.get(200); // 1
 */
export function createMetricsTally(): MetricsTally {
  let s = empty();
  // Outside the snapshot that a reset replaces: requests in flight at a reset still end. An
  // operation with none in flight keeps its 0 (the snapshot leaves it out): a Map entry deleted and
  // made again per request made V8 rebuild the table every few requests.
  const inFlight = new Map<string, number>();
  const bump = <K>(outer: Map<string, Map<K, number>>, key: string, inner: K) => {
    let m = outer.get(key);
    if (!m) outer.set(key, (m = new Map()));
    m.set(inner, (m.get(inner) ?? 0) + 1);
  };
  return {
    inFlight({ from, to }) {
      if (from !== undefined) {
        inFlight.set(from, Math.max(0, (inFlight.get(from) ?? 0) - 1));
      }
      if (to !== undefined) inFlight.set(to, (inFlight.get(to) ?? 0) + 1);
    },
    answered(operation, status, latencyMs) {
      bump(s.requests, operation, status);
      let l = s.latency.get(operation);
      if (!l) s.latency.set(operation, (l = { buckets: LATENCY_BUCKETS_SECONDS.map(() => 0), sum: 0, count: 0 }));
      const seconds = Math.max(0, latencyMs) / 1000;
      const i = LATENCY_BUCKETS_SECONDS.findIndex((le) => seconds <= le);
      if (i >= 0) l.buckets[i]!++;
      l.sum += seconds;
      l.count++;
    },
    generation(model, usage) {
      const m = s.models.get(model) ?? { promptTokens: 0, completionTokens: 0, cost: 0, answers: 0 };
      m.promptTokens += usage.promptTokens;
      m.completionTokens += usage.completionTokens;
      m.cost += usage.cost;
      m.answers += usage.answers;
      s.models.set(model, m);
    },
    streamFault: (operation, fault) => bump(s.streamFaults, operation, fault),
    forcedFault: (operation, status) => bump(s.forcedFaults, operation, status),
    providerFault: (provider, status) => bump(s.providerFaults, provider, status),
    answerMemo(outcome) {
      s.answerMemo[outcome]++;
    },
    snapshot: () => ({ ...s, inFlight: new Map([...inFlight].filter(([, n]) => n > 0)) }),
    reset() {
      s = empty();
    },
  };
}

function empty() {
  return {
    requests: new Map<string, Map<number, number>>(),
    latency: new Map<string, LatencyTally>(),
    models: new Map<string, { promptTokens: number; completionTokens: number; cost: number; answers: number }>(),
    streamFaults: new Map<string, Map<string, number>>(),
    forcedFaults: new Map<string, Map<number, number>>(),
    providerFaults: new Map<string, Map<number, number>>(),
    answerMemo: { consulted: 0, replayed: 0 },
  };
}
