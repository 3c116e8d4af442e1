import type * as PromClient from 'prom-client';
import { nodeRequire } from '../env/require-optional-peer.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { rawBodyResponse, rawText } from '../http/raw-body.ts';
import type { Route } from '../http/route.ts';
import { LATENCY_BUCKETS_SECONDS, type MetricsSnapshot, type MetricsTally } from '../state/metrics-tally.ts';

/**
 * `GET /__gatewaykit/metrics`: what the gateway counted (state/metrics-tally.ts) in the Prometheus
 * text format, written by prom-client from a Registry of this gateway's own (never the global
 * default registry: two gateways in one process keep their numbers apart). A control route:
 * loopback callers only, like the rest of the control API.
 *
 * @example
 * const routes = metricsRoutes(tally); // curl http://127.0.0.1:8080/__gatewaykit/metrics
 */
export function metricsRoutes(tally: MetricsTally): Route[] {
  let registry: PromClient.Registry | undefined;
  return [
    {
      method: 'GET',
      path: '/__gatewaykit/metrics',
      operation: 'control.metrics',
      auth: 'none',
      faults: [],
      control: true,
      async handle() {
        registry ??= createRegistry(loadPromClient(), () => tally.snapshot());
        return rawBodyResponse(rawText(await registry.metrics()), {
          status: 200,
          headers: { 'content-type': registry.contentType, 'cache-control': 'no-store' },
        });
      },
    },
  ];
}

/** prom-client, loaded on the first scrape (a Node package: a browser bundle has no metrics). */
function loadPromClient(): typeof PromClient {
  const load = nodeRequire();
  if (!load) throw new GatewayError(404, 'Metrics are served in Node only (gatewaykit serve, or createGateway in Node): prom-client cannot load here');
  return load('prom-client') as typeof PromClient;
}

/** The gateway's metrics, each filled from the tally when scraped (`collect`). */
function createRegistry(prom: typeof PromClient, read: () => MetricsSnapshot): PromClient.Registry {
  const registry = new prom.Registry();
  const counter = (name: string, help: string, labelNames: string[], fill: (c: PromClient.Counter<string>, s: MetricsSnapshot) => void) =>
    new prom.Counter({
      name,
      help,
      labelNames,
      registers: [registry],
      collect() {
        this.reset();
        fill(this, read());
      },
    });
  counter('gatewaykit_requests_total', 'Answers given, by operation and HTTP status.', ['operation', 'status'], (c, s) => {
    for (const [operation, byStatus] of s.requests) for (const [status, n] of byStatus) c.inc({ operation, status: String(status) }, n);
  });
  counter('gatewaykit_tokens_total', 'Tokens of paid answers, by serving model and kind (prompt, completion).', ['model', 'kind'], (c, s) => {
    for (const [model, m] of s.models) {
      c.inc({ model, kind: 'prompt' }, m.promptTokens);
      c.inc({ model, kind: 'completion' }, m.completionTokens);
    }
  });
  counter('gatewaykit_cost_usd_total', 'What paid answers cost (usage.cost, USD), by serving model.', ['model'], (c, s) => {
    for (const [model, m] of s.models) c.inc({ model }, Math.max(0, m.cost));
  });
  counter('gatewaykit_paid_answers_total', 'Paid answers, by serving model.', ['model'], (c, s) => {
    for (const [model, m] of s.models) c.inc({ model }, m.answers);
  });
  counter(
    'gatewaykit_stream_faults_total',
    'Streams failed on purpose after their headers (X-Gatewaykit-Fault: stream-cut, stream-error), by operation.',
    ['operation', 'fault'],
    (c, s) => {
      for (const [operation, byFault] of s.streamFaults) for (const [fault, n] of byFault) c.inc({ operation, fault }, n);
    },
  );
  counter('gatewaykit_forced_faults_total', 'Statuses forced by X-Gatewaykit-Fault, by operation.', ['operation', 'status'], (c, s) => {
    for (const [operation, byStatus] of s.forcedFaults) for (const [status, n] of byStatus) c.inc({ operation, status: String(status) }, n);
  });
  counter('gatewaykit_provider_faults_total', 'Attempts failed by a programmed provider fault, by provider and status.', ['provider', 'status'], (c, s) => {
    for (const [provider, byStatus] of s.providerFaults) for (const [status, n] of byStatus) c.inc({ provider, status: String(status) }, n);
  });
  // Both outcomes always shown: a gateway made with `fastPaths: false` reports 0 of each.
  counter('gatewaykit_answer_memo_total', 'Requests the answer memo looked up (consulted), and answers it gave (replayed).', ['outcome'], (c, s) => {
    c.inc({ outcome: 'consulted' }, s.answerMemo.consulted);
    c.inc({ outcome: 'replayed' }, s.answerMemo.replayed);
  });
  new prom.Gauge({
    name: 'gatewaykit_requests_in_flight',
    help: "Requests arrived whose answer has not gone out yet (a stream until its end or the client leaving), by operation ('unknown' before the route is found).",
    labelNames: ['operation'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [operation, n] of read().inFlight) this.set({ operation }, n);
    },
  });
  registry.registerMetric(latencyHistogram(read) as unknown as PromClient.Metric);
  return registry;
}

/**
 * The latency histogram, as prom-client's registry reads a metric (`get()`: name, help, type and
 * the values of `_bucket`, `_sum` and `_count`), from the tally's counts: prom-client's own
 * Histogram only learns by `observe`, one value at a time.
 */
function latencyHistogram(read: () => MetricsSnapshot) {
  const name = 'gatewaykit_request_duration_seconds';
  return {
    name,
    help: "Time from a request's arrival to its answer's headers on the gateway clock, by operation.",
    type: 'histogram',
    aggregator: 'sum',
    reset() {},
    get() {
      const values: Array<{ metricName: string; labels: Record<string, string | number>; value: number }> = [];
      for (const [operation, l] of read().latency) {
        let cumulative = 0;
        LATENCY_BUCKETS_SECONDS.forEach((le, i) => {
          cumulative += l.buckets[i]!;
          values.push({ metricName: `${name}_bucket`, labels: { le, operation }, value: cumulative });
        });
        values.push({ metricName: `${name}_bucket`, labels: { le: '+Inf', operation }, value: l.count });
        values.push({ metricName: `${name}_sum`, labels: { operation }, value: l.sum });
        values.push({ metricName: `${name}_count`, labels: { operation }, value: l.count });
      }
      return { name, help: this.help, type: this.type, values, aggregator: this.aggregator };
    },
  };
}
