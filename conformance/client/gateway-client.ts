import { exchangeJson, type Exchange } from './exchange.ts';
import { probeUrl, type Probe } from './probe.ts';
import { BudgetExhaustedError, type RequestBudget } from './request-budget.ts';
import { retryAfterSeconds } from './retry-after.ts';
import { concatBytes } from '../../src/bytes/concat-bytes.ts';

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface GatewayClientOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly fetch: FetchLike;
  readonly budget: RequestBudget;
  /** How long to wait for one whole response, body included. Default 120 s. */
  readonly timeoutMs?: number;
  /** Retries of a 429 (waiting for its Retry-After each time). Default 2. */
  readonly maxRetries?: number;
  /** A 429 asking for a longer wait than this is returned as it is. Default 90 s. */
  readonly maxRetryWaitSeconds?: number;
  /** Injected so tests do not sleep. Default: a real timer. */
  readonly sleep?: (ms: number) => Promise<void>;
}

export interface SendOptions {
  /** Wait and retry on 429 (default true). Off when the 429 itself is what is being checked. */
  readonly retryOn429?: boolean;
}

/** Sends probes to one target and keeps the count of what was sent. */
export interface GatewayClient {
  readonly baseUrl: string;
  readonly budget: RequestBudget;
  send(probe: Probe, options?: SendOptions): Promise<Exchange>;
  /** Requests sent so far (retries included). */
  requestCount(): number;
  /** Retries done after a 429 with Retry-After. */
  retryCount(): number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isPaidOperation(probe: Probe): boolean {
  return probe.method === 'POST' && /^\/(responses|videos)$/.test(probe.path);
}

/**
 * The HTTP side of the suite. Paid probes take a unit of the budget before they are sent (a live
 * gateway never sees more paid requests than `--max-requests`); a 429 is retried after its
 * `Retry-After` (bounded), as a polite client does.
 *
 * @example
 * const client = createGatewayClient({ baseUrl, apiKey, fetch, budget: createRequestBudget(10) });
 * const exchange = await client.send({ method: 'POST', path: '/responses', body: {}, auth: 'none' });
 */
export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const sleep = options.sleep ?? realSleep;
  const maxRetries = options.maxRetries ?? 2;
  const maxWait = options.maxRetryWaitSeconds ?? 90;
  let requests = 0;
  let retries = 0;

  async function once(probe: Probe): Promise<Exchange> {
    const url = probeUrl(options.baseUrl, probe);
    const headers = new Headers(probe.headers ?? {});
    const auth = probe.auth ?? 'key';
    if (auth === 'key') headers.set('authorization', `Bearer ${options.apiKey}`);
    else if (auth !== 'none') headers.set('authorization', auth.header);
    const body = probe.rawBody ?? (probe.body !== undefined ? JSON.stringify(probe.body) : undefined);
    if (body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
    const aborter = new AbortController();
    const timer = setTimeout(() => aborter.abort(), options.timeoutMs ?? 120_000);
    requests++;
    try {
      const response = await options.fetch(url, { method: probe.method, headers, body, signal: aborter.signal });
      const chunks: Uint8Array[] = [];
      let bodyError: string | undefined;
      if (response.body) {
        const reader = response.body.getReader();
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            if (value.byteLength > 0) chunks.push(value);
          }
        } catch (error) {
          bodyError = error instanceof Error ? error.message : String(error);
        }
      }
      const responseHeaders: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        responseHeaders[name.toLowerCase()] = value;
      });
      const text = new TextDecoder().decode(concatBytes(chunks));
      return { probe, url, status: response.status, headers: responseHeaders, chunks, text, ...(bodyError ? { bodyError } : {}) };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    baseUrl: options.baseUrl,
    budget: options.budget,
    requestCount: () => requests,
    retryCount: () => retries,
    async send(probe, sendOptions = {}) {
      if (probe.paid && !options.budget.take()) throw new BudgetExhaustedError(options.budget.limit);
      let exchange = await once(probe);
      for (let attempt = 0; attempt < maxRetries && exchange.status === 429 && sendOptions.retryOn429 !== false; attempt++) {
        const wait = retryAfterSeconds(exchange.headers['retry-after'], Date.now());
        if (wait === undefined || wait > maxWait) break;
        retries++;
        await sleep(wait * 1000);
        exchange = await once(probe);
      }
      // A request we expected to be rejected but that was served did cost something: count it.
      if (!probe.paid && isPaidOperation(probe) && exchange.status >= 200 && exchange.status < 300) options.budget.charge();
      return exchange;
    },
  };
}


export { exchangeJson };
