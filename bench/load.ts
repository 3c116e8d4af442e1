import autocannon from 'autocannon';

export interface LoadTarget {
  readonly url: string;
  readonly body: string;
  readonly headers: Record<string, string>;
}

export interface LoadResult {
  /** Requests per second (autocannon's per-second average). */
  readonly rps: number;
  /** Latency percentiles, ms. */
  readonly p50: number;
  readonly p99: number;
  /** Requests that failed or answered non-2xx (must be 0 for a valid row). */
  readonly failures: number;
  /** Requests completed in the run. */
  readonly requests: number;
}

/** One autocannon run against 127.0.0.1 (bounded in time and connections). */
export async function load(target: LoadTarget, seconds: number, connections: number, expectStatus = 200): Promise<LoadResult> {
  if (!/^http:\/\/127\.0\.0\.1:/.test(target.url)) throw new Error(`load only ever goes to 127.0.0.1 (got ${target.url})`);
  const r = await autocannon({ url: target.url, method: 'POST', headers: target.headers, body: target.body, connections, duration: seconds, timeout: 10 });
  // A row that expects an error status (the 401 diagnostic) counts 2xx answers as the failures.
  const wrong = expectStatus === 200 ? r.non2xx : r['2xx'];
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failures: r.errors + r.timeouts + wrong, requests: r.requests.total };
}
