import { exchangeJson, type Exchange } from './exchange.ts';
import { isPaidProbe, isVideoProbe, probeBody, probeContentType, probeUrl, type Probe } from './probe.ts';
import { BudgetExhaustedError, type RequestBudget } from './request-budget.ts';
import { spendExhaustedMessage, type SpendBudget } from './spend-budget.ts';
import { retryAfterSeconds } from './retry-after.ts';
import { fetchTransport } from './fetch-transport.ts';
import type { FetchLike, Transport } from './transport.ts';
import { TransportError, VideosDisabledError } from './transport-error.ts';
import { concatBytes } from '../../src/bytes/concat-bytes.ts';

export type { FetchLike };

/** Default for `--timeout-ms`: connecting and reading one whole answer. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface GatewayClientOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** A management key (spec 5.3), for probes with `auth: 'management'`; without it they go without credentials. */
  readonly managementKey?: string;
  /** Fetch to send with, when no `transport` is given. Default: the global fetch. */
  readonly fetch?: FetchLike;
  /** How requests reach the network (e.g. node:http); wins over `fetch`. */
  readonly transport?: Transport;
  readonly budget: RequestBudget;
  /** The run's money budget (`--max-spend`): each paid probe weighed at its worst-case price; none: no cap. */
  readonly spend?: SpendBudget;
  /** Connect + read of one whole answer, body included. Default {@link DEFAULT_TIMEOUT_MS}. */
  readonly timeoutMs?: number;
  /** Sent with every request (`--header`), e.g. a gateway's routing headers. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Requests to `/videos` allowed (`--include-videos`). Default false. */
  readonly allowVideos?: boolean;
  /** Retries of a 429 (waiting for its Retry-After each time). Default 2. */
  readonly maxRetries?: number;
  /** A 429 asking for a longer wait than this is returned as it is. Default 90 s. */
  readonly maxRetryWaitSeconds?: number;
  /** Injected so tests do not sleep. Default: a real timer. */
  readonly sleep?: (ms: number) => Promise<void>;
  /**
   * The check sending through this client, named in the {@link CHECK_HEADER} of every request so
   * the simulator's journal attributes each request to its check. Given only against the
   * simulator: another gateway never sees the header.
   */
  readonly check?: string;
  /**
   * With `check`: how many requests each check has sent so far, shared by every view of the run.
   * Each request is numbered among its check's in the {@link SEQUENCE_HEADER} as it is sent, so
   * the simulator mints its answer's ids from that number, whatever order requests sent side by
   * side arrive in.
   */
  readonly sequences?: Map<string, number>;
}

/** The request header naming the check that sent a request (the simulator's journal filters by it). */
export const CHECK_HEADER = 'x-gatewaykit-check';
/** The request header numbering a request among its check's, in the order they were sent (the simulator draws its ids from it). */
export const SEQUENCE_HEADER = 'x-gatewaykit-sequence';

export interface SendOptions {
  /** Wait and retry on 429 (default true). Off when the 429 itself is what is being checked. */
  readonly retryOn429?: boolean;
  /**
   * Sent ahead of its turn (a property's later runs): a 429 is returned at once, not waited out
   * (the caller sends the probe again in its turn), and counts as the target throttling.
   */
  readonly ahead?: boolean;
}

/** What the client counts, shared by the run's client and every check's view of it. */
export interface ClientCounters {
  requests: number;
  paid: number;
  retries: number;
  /** 429s the run did not ask for: the target throttles, so nothing more is sent ahead. */
  throttled: number;
}

/** Sends probes to one target and keeps the count of what was sent. */
export interface GatewayClient {
  readonly baseUrl: string;
  readonly budget: RequestBudget;
  /** Throws {@link BudgetExhaustedError}, {@link VideosDisabledError} or {@link TransportError}. */
  send(probe: Probe, options?: SendOptions): Promise<Exchange>;
  /** Requests sent so far (retries included). */
  requestCount(): number;
  /** Requests sent to paid operations. */
  paidCount(): number;
  /** Retries done (after a 429 with Retry-After, or a GET after a transport failure). */
  retryCount(): number;
  /** Has the target answered a 429 that was not asked for (a rate limit)? Then send one request at a time. */
  throttled(): boolean;
  /**
   * The same target with another budget (a check's share), reporting each exchange to `onExchange`
   * and, when given, counting what it sends in `tally` too (one check's own counts, while other
   * checks send at the same time), and naming `check` as the sender of its requests when given.
   */
  view(budget: RequestBudget, onExchange: (exchange: Exchange) => void, tally?: ClientCounters, check?: string): GatewayClient;
}

/** Decodes each whole body (no state is carried between calls). */
const utf8 = new TextDecoder();

/** A header value as a Fetch `Headers` keeps it: leading and trailing HTTP whitespace dropped. */
function trimmed(value: string): string {
  return value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The cause of a fetch failure in words (`ECONNREFUSED`, a timeout), never a bare "fetch failed". */
function causeOf(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `no complete answer within ${timeoutMs} ms (--timeout-ms)`;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  const message = typeof cause?.message === 'string' ? cause.message : error instanceof Error ? error.message : String(error);
  if (code === 'ECONNREFUSED') return `connection refused (${message})`;
  if (code === 'ENOTFOUND') return `host not found (${message})`;
  return code ? `${code}: ${message}` : message;
}

/** What every request of a client shares: its transport, deadline and headers, made once per client. */
interface ClientSettings {
  readonly options: GatewayClientOptions;
  readonly transport: Transport;
  readonly timeoutMs: number;
  /** The run's own headers (`--header`), names lower-case, values trimmed. */
  readonly baseHeaders: Readonly<Record<string, string>>;
  readonly keyHeader: string;
  readonly managementHeader: string | undefined;
}

function clientSettings(options: GatewayClientOptions): ClientSettings {
  const baseHeaders: Record<string, string> = {};
  for (const name of Object.keys(options.headers ?? {})) baseHeaders[name.toLowerCase()] = trimmed(options.headers![name]!);
  return {
    options,
    transport: options.transport ?? fetchTransport(options.fetch ?? ((input, init) => fetch(input, init))),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    baseHeaders,
    keyHeader: trimmed(`Bearer ${options.apiKey}`),
    managementHeader: options.managementKey === undefined ? undefined : trimmed(`Bearer ${options.managementKey}`),
  };
}

/**
 * A probe's request headers as a Fetch `Headers` would hold them (names lower-case, a later value
 * wins, values trimmed), without building one per request: the run's, the probe's, its auth, its
 * content type, and the check that sends it with that check's sequence number.
 */
function probeHeaders(settings: ClientSettings, probe: Probe): Record<string, string> {
  const headers: Record<string, string> = { ...settings.baseHeaders };
  if (probe.headers) for (const name of Object.keys(probe.headers)) headers[name.toLowerCase()] = trimmed(probe.headers[name]!);
  const auth = probe.auth ?? 'key';
  if (auth === 'key') headers.authorization = settings.keyHeader;
  else if (auth === 'management' && settings.managementHeader !== undefined) headers.authorization = settings.managementHeader;
  else if (auth === 'none' || auth === 'management') delete headers.authorization;
  else headers.authorization = trimmed(auth.header);
  const type = probeContentType(probe);
  if (type !== undefined) headers['content-type'] = trimmed(type);
  const { check, sequences } = settings.options;
  if (check !== undefined) {
    headers[CHECK_HEADER] = check;
    if (sequences) {
      const sent = sequences.get(check) ?? 0;
      sequences.set(check, sent + 1);
      headers[SEQUENCE_HEADER] = String(sent);
    }
  }
  return headers;
}

/** The answer's body read whole; a body that broke off is kept with the cause in words. */
async function readBody(body: AsyncIterable<Uint8Array> | undefined, cause: (error: unknown) => string): Promise<{ chunks: Uint8Array[]; bodyError?: string }> {
  const chunks: Uint8Array[] = [];
  if (!body) return { chunks };
  try {
    for await (const value of body) if (value.byteLength > 0) chunks.push(value);
  } catch (error) {
    return { chunks, bodyError: cause(error) };
  }
  return { chunks };
}

/** Send a probe once, within the deadline, and read its answer whole (a transport failure is a TransportError). */
async function sendOnce(settings: ClientSettings, probe: Probe, countRequest: () => void): Promise<Exchange> {
  const { timeoutMs } = settings;
  const url = probeUrl(settings.options.baseUrl, probe);
  const headers = probeHeaders(settings, probe);
  const aborter = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    aborter.abort();
  }, timeoutMs);
  countRequest();
  const started = Date.now();
  try {
    let response: Awaited<ReturnType<Transport>>;
    try {
      response = await settings.transport(url, { method: probe.method, headers, body: probeBody(probe), signal: aborter.signal });
    } catch (error) {
      throw new TransportError(probe, causeOf(error, timedOut, timeoutMs));
    }
    const { chunks, bodyError } = await readBody(response.body, (error) => causeOf(error, timedOut, timeoutMs));
    // A body cut by our own deadline is a timeout, not an answer to judge.
    if (timedOut) throw new TransportError(probe, causeOf(undefined, true, timeoutMs));
    const text = chunks.length === 0 ? '' : utf8.decode(chunks.length === 1 ? chunks[0] : concatBytes(chunks));
    const durationMs = Date.now() - started;
    return { probe, url, status: response.status, headers: response.headers, chunks, text, durationMs, ...(bodyError ? { bodyError } : {}) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Take a paid probe's unit of the request budget and its worst-case price of the money budget,
 * both or neither; the error to throw when either is spent.
 */
function takePaid(options: GatewayClientOptions, probe: Probe): true | BudgetExhaustedError {
  const { budget, spend } = options;
  const price = spend?.priceOf(probe);
  if (spend && !spend.fits(price)) return new BudgetExhaustedError(budget.limit, spendExhaustedMessage(spend.limit, price, spend.used()));
  if (!budget.take()) return new BudgetExhaustedError(budget.limit);
  spend?.take(price);
  return true;
}

/** A model listing the run reads (`GET /models`, `/videos/models`, `/embeddings/models`) prices the paid probes after it. */
function learnListedPrices(spend: SpendBudget, probe: Probe, exchange: Exchange): void {
  if (probe.method !== 'GET' || exchange.status !== 200 || !/\/models\/?(\?|$)/.test(probe.path)) return;
  const data = (exchangeJson(exchange) as { data?: unknown } | undefined)?.data;
  if (Array.isArray(data)) spend.learn(data);
}

/**
 * Send a probe, retried as the client promises: an idempotent GET once more after a transport
 * failure, a 429 after its `Retry-After` (at most `maxRetries`, each wait at most `maxWait`
 * seconds, a paid probe's retry taking a unit of the budget).
 */
async function sendRetried(
  settings: ClientSettings,
  probe: Probe,
  sendOptions: { retryOn429?: boolean; ahead?: boolean },
  count: (field: keyof ClientCounters) => void,
): Promise<Exchange> {
  const { options } = settings;
  const once = () => sendOnce(settings, probe, () => count('requests'));
  let exchange: Exchange;
  try {
    exchange = await once();
  } catch (error) {
    if (!(error instanceof TransportError) || probe.method !== 'GET') throw error;
    count('retries');
    exchange = await once();
  }
  const retry429 = sendOptions.retryOn429 !== false;
  if (exchange.status === 429 && retry429) count('throttled');
  const maxRetries = options.maxRetries ?? 2;
  const maxWait = options.maxRetryWaitSeconds ?? 90;
  const sleep = options.sleep ?? realSleep;
  for (let attempt = 0; attempt < maxRetries && exchange.status === 429 && retry429 && !sendOptions.ahead; attempt++) {
    const wait = retryAfterSeconds(exchange.headers['retry-after'], Date.now());
    if (wait === undefined || wait > maxWait) break;
    if (isPaidProbe(probe)) {
      if (takePaid(options, probe) !== true) break;
      count('paid');
    }
    count('retries');
    await sleep(wait * 1000);
    exchange = await once();
  }
  return exchange;
}

/**
 * The HTTP side of the suite. Every probe to a paid operation takes a unit of the budget before
 * it is sent (a live gateway never gets more than `--max-requests` of them, served or not);
 * `/videos` is reached only when allowed; a 429 is retried after its `Retry-After` (bounded); an
 * idempotent GET is retried once after a transport failure; every request has a deadline.
 *
 * @example
 * const client = createGatewayClient({ baseUrl, apiKey, fetch, budget: createRequestBudget(10) });
 * const exchange = await client.send({ method: 'POST', path: '/responses', body: {}, auth: 'none' });
 */
export function createGatewayClient(
  options: GatewayClientOptions,
  counters: ClientCounters = { requests: 0, paid: 0, retries: 0, throttled: 0 },
  onExchange?: (e: Exchange) => void,
  tallies: readonly ClientCounters[] = [],
): GatewayClient {
  // The run-wide counters and those of the views this client was made from.
  const count = (field: keyof ClientCounters) => {
    counters[field]++;
    for (const t of tallies) t[field]++;
  };
  const settings = clientSettings(options);
  // Exchanges are reported in the order they were sent, whatever order the answers came back in
  // (a property's runs sent ahead), so the run's journal reads the same on every run of a seed.
  let reported: Promise<void> = Promise.resolve();
  return {
    baseUrl: options.baseUrl,
    budget: options.budget,
    requestCount: () => counters.requests,
    paidCount: () => counters.paid,
    retryCount: () => counters.retries,
    throttled: () => counters.throttled > 0,
    view: (budget, report, tally, check) =>
      createGatewayClient(
        { ...options, budget, ...(check !== undefined ? { check } : {}) },
        counters,
        (e) => {
          onExchange?.(e);
          report(e);
        },
        tally ? [...tallies, tally] : tallies,
      ),
    async send(probe, sendOptions = {}) {
      if (isVideoProbe(probe) && !options.allowVideos) throw new VideosDisabledError();
      if (isPaidProbe(probe)) {
        const refused = takePaid(options, probe);
        if (refused !== true) throw refused;
        count('paid');
      }
      const previous = reported;
      let release = () => {};
      reported = new Promise<void>((resolve) => (release = resolve));
      try {
        const exchange = await sendRetried(settings, probe, sendOptions, count);
        if (options.spend) learnListedPrices(options.spend, probe, exchange);
        await previous;
        onExchange?.(exchange);
        return exchange;
      } finally {
        // A failed send reports nothing, but the ones after it still wait for the ones before it.
        void previous.then(release);
      }
    },
  };
}

export { exchangeJson };
