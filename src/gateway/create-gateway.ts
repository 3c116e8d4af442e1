import { logUnexpectedError, type UnexpectedErrorContext } from '../errors/unexpected-error.ts';
import type { HttpHandler } from 'msw';
import { mswHandlers } from '../msw/msw-handlers.ts';
import { createAccount } from '../account/account.ts';
import { accountRoutes } from '../handlers/account.ts';
import { embeddingsRoutes } from '../handlers/embeddings.ts';
import { linkFetchPrototypes } from '../http/fetch-prototypes.ts';
import { withInternals } from './gateway-internals.ts';
import { OPERATIONS } from './operations-table.ts';
import { operationRoutes } from '../operations/operation.ts';
import { DEFAULT_API_KEYS, parseApiKeys, type ApiKey, type ApiKeyInput } from '../auth/api-key.ts';
import type { Catalog, CatalogInput } from '../catalog/catalog.ts';
import { resolveCatalog, type CatalogName } from '../catalog/named-catalog.ts';
import type { Clock } from '../clock/clock.ts';
import { systemClock } from '../clock/system-clock.ts';
import { MAX_CLOCK_MS } from '../clock/virtual-clock.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import type { GatewayControl } from '../env/gateway-control.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import { audioRoutes } from '../handlers/audio.ts';
import { controlRoutes } from '../handlers/control.ts';
import { datasetsRoutes } from '../handlers/datasets.ts';
import { inspectorRoutes } from '../handlers/inspector.ts';
import { managementControlRoutes } from '../handlers/management-control.ts';
import { modelsRoutes } from '../handlers/models.ts';
import { openapiRoutes } from '../handlers/openapi.ts';
import { scriptControlRoutes } from '../handlers/scripts-control.ts';
import { videosRoutes } from '../handlers/videos.ts';
import { createEngine } from '../engine/create-engine.ts';
import { responsesRoutes } from '../surfaces/responses/responses-routes.ts';
import { chatRoutes } from '../surfaces/chat/chat-routes.ts';
import { messagesRoutes } from '../surfaces/messages/messages-routes.ts';
import { lightFetchCall } from '../http/light-fetch-call.ts';
import { isPlainPath } from '../http/plain-path.ts';
import { createDispatcher, type RequestInfo } from '../http/dispatch.ts';
import type { Route } from '../http/route.ts';
import { createStickySessions } from '../state/sticky-sessions.ts';
import { createScriptRegistry, type ScriptEntry, type ScriptHandle } from '../scripts/script-registry.ts';
import type { ScriptRule, ScriptRuleInput } from '../scripts/script-rule.ts';
import { createJournal } from '../state/journal.ts';
import type { JournalEntry } from '../state/journal.ts';
import { createProviderFaults } from '../state/provider-faults.ts';
import { replayFirst } from '../replay/replay-first.ts';
import { createReplayer, type ReplayOptions } from '../replay/replayer.ts';
import { resolveTiming, type TimingOptions } from '../timing/timing-options.ts';
import { MULTIPART_FILE_LIMIT_BYTES } from '../audio/read-transcription-request.ts';
import { createManagementStore, type ManagementBounds } from '../management/management-store.ts';
import type { ManagementPersistence, ManagementSnapshot } from '../management/management-change.ts';
import { createVideoJobs, type VideoJobs, type VideoJobsOptions, type VideoJobsPersistence, type VideoJobsSnapshot, type VideoWebhookOptions } from '../videos/video-jobs.ts';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080/api/v1';
/** 10 MiB: the spec states no request-size limit (spec 8); large enough for inline images. */
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface GatewayOptions {
  /** Where the simulated API lives; msw handlers match it. Default http://127.0.0.1:8080/api/v1. */
  baseUrl?: string;
  /** Seed of every simulated choice (DESIGN: same seed + request + clock -> same bytes). Default 0. */
  seed?: number;
  /** Time source. Default: the system clock; tests pass `virtualClock()`. */
  clock?: Clock;
  /**
   * Model/provider catalogue: a catalogue, or the name of an embedded one: `'default'` (the real
   * gateway's models, fixtures/catalog.json) or `'small'` (16 hand-made models). Default: `'default'`.
   */
  catalog?: Catalog | CatalogInput | CatalogName;
  /**
   * Accepted API keys with their credits, rate limits and retry delays (docs/keys.md), validated
   * here (a TypeError names the path of the first problem). Default: the four demo keys.
   */
  keys?: ReadonlyArray<ApiKey | ApiKeyInput>;
  /**
   * `instant` (default): answers at once. `realistic`: each answer waits the routed endpoint's
   * time to first token and streams at its throughput, on this gateway's clock; slower than the
   * limits, it is a 524 or 408 (`{ mode, firstTokenTimeoutMs, generationTimeoutMs }`, docs/timing.md).
   */
  timing?: TimingOptions;
  /**
   * Answer recorded requests from cassettes (`gatewaykit record`), byte for byte, matched by
   * method, path and canonical body; misses go to the simulator or get a 404 (docs/record-replay.md).
   */
  replay?: ReplayOptions;
  /** Request-body limit in bytes (413 past it). Default 10 MiB. */
  maxBodyBytes?: number;
  /** Audio bytes a multipart `/audio/transcriptions` upload may carry (its own limit; 413 past it). Default 25 MiB. */
  maxUploadBytes?: number;
  /** How many requests the journal keeps. Default 1000. */
  journalLimit?: number;
  /** How many bytes the journal may hold (bodies, answers, stream events, headers). Default 16 MiB. */
  journalMaxBytes?: number;
  /** The account's purchased credits in USD (`GET /credits`); paid operations answer 402 once usage reaches them. Default 1000000. */
  credits?: number;
  /** How many answers `GET /generation` can look up (the oldest are forgotten first). Default 1000. */
  generationsLimit?: number;
  /**
   * Called with unexpected errors (bugs); the caller gets a masked 500. `context` names the request
   * and the answer's X-Generation-Id. Default: one line with both, then the stack, on stderr.
   */
  onError?: (error: unknown, context?: UnexpectedErrorContext) => void;
  /** Scripted replies (docs/responses.md): first match wins; they survive control reset. */
  scripts?: ReadonlyArray<ScriptRuleInput | ScriptRule>;
  /** Video webhooks: signing secret, default callback URL, localhost opt-in, retries, fetch. */
  webhooks?: VideoWebhookOptions;
  /** Persistence hooks for video jobs (the state file of `gatewaykit serve --state-file`), and how many jobs are kept (`bounds`, docs/videos.md). */
  /** The management plane's keys and codes: restored from and saved to a state file, and how many are kept (docs/management.md). */
  management?: { restore?: ManagementSnapshot; persistence?: ManagementPersistence; bounds?: Partial<ManagementBounds> };
  videoJobs?: { restore?: VideoJobsSnapshot; onChange?: (snapshot: VideoJobsSnapshot) => void; persistence?: VideoJobsPersistence; bounds?: VideoJobsOptions['bounds'] };
}

/** A simulated gateway: msw handlers, a fetch function and controls over one shared core. */
export interface Gateway {
  readonly baseUrl: string;
  readonly seed: number;
  readonly clock: Clock;
  readonly catalog: Catalog;
  /** msw request handlers for `setupServer(...gateway.handlers)` / `setupWorker`. */
  readonly handlers: HttpHandler[];
  /** Fetch-compatible entry point; relative URLs resolve against baseUrl (`gateway.fetch('/responses', ...)`). */
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
  /** The core: Request in, Response out (adapters call this with the peer address). */
  handle(request: Request, info?: RequestInfo): Promise<Response>;
  readonly control: GatewayControl;
  /** Add a scripted reply at run time (cleared by control reset); the handle removes it. */
  script(rule: ScriptRuleInput | ScriptRule): ScriptHandle;
  /** The scripted replies in match order, with uses left. */
  scripts(): ScriptEntry[];
  /** Requests this gateway received, oldest first (the journal; the same as `control.requests()` and the vitest fixture's). */
  requests(): JournalEntry[];
  /** Every operation this gateway serves (API and control), read-only: for fuzzers, docs and tools. */
  readonly routes: readonly Route[];
  /** Video jobs: look up, cancel, snapshot, webhook attempts, `webhooksIdle()` for tests. */
  readonly videos: VideoJobs;
}

/**
 * Create a simulated Gateway API.
 *
 * @example
 * import { setupServer } from 'msw/node';
 * import { createGateway, virtualClock } from 'gatewaykit';
 *
 * const gateway = createGateway({ baseUrl: 'https://gateway.test/api/v1', clock: virtualClock() });
 * const server = setupServer(...gateway.handlers);
 * server.listen();
 */
export function createGateway(options: GatewayOptions = {}): Gateway {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const parsedBase = new URL(baseUrl);
  const clock = options.clock ?? systemClock();
  // One reset mechanism: every store registers how it forgets (control reset, spec: DESIGN).
  const resets: Array<() => void> = [];
  const journal = createJournal({ maxEntries: options.journalLimit, maxBytes: options.journalMaxBytes, now: () => clock.now() });
  const stickySessions = createStickySessions();
  // A bad catalogue throws CatalogError naming the path and rule of every issue (docs/catalog.md).
  const catalog = resolveCatalog(options.catalog);
  const providerFaults = createProviderFaults(catalog.providers);
  const account = createAccount({ now: () => clock.now(), totalCredits: options.credits, maxGenerations: options.generationsLimit });
  const keys = options.keys ? parseApiKeys(options.keys, 'createGateway({ keys })') : DEFAULT_API_KEYS;
  const management = createManagementStore({ fileKeys: keys, clock, ...options.management });
  const env: GatewayEnv = {
    seed: options.seed ?? 0,
    clock,
    keys,
    catalog,
    baseUrl,
    basePath: parsedBase.pathname.replace(/\/+$/, ''),
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    maxUploadBytes: options.maxUploadBytes ?? MULTIPART_FILE_LIMIT_BYTES,
    timing: resolveTiming(options.timing, 'createGateway({ timing })'),
    journal,
    providerFaults,
    stickySessions,
    account,
    management,
    onReset: (fn) => void resets.push(fn),
    reportError: options.onError ?? ((error, context) => logUnexpectedError(error, context)),
  };
  env.onReset(() => journal.clear());
  env.onReset(() => providerFaults.clear());
  env.onReset(() => stickySessions.clear());
  env.onReset(() => account.reset());
  env.onReset(() => management.reset());

  const control: GatewayControl = {
    reset() {
      for (const fn of resets) fn();
      // The clock rewinds last, after every store has forgotten what happened on it.
      if (clock.kind === 'virtual' && 'reset' in clock) (clock as { reset(): void }).reset();
    },
    requests: () => journal.list(),
    queryRequests: (query) => journal.query(query),
    requestCount: () => journal.count(),
    async advanceClock(ms) {
      if (clock.kind !== 'virtual' || !('advance' in clock)) {
        throw new GatewayError(400, 'The clock is the system clock; start with a virtual clock (gatewaykit serve --clock virtual) to advance it');
      }
      if (clock.now() + ms > MAX_CLOCK_MS) {
        throw new GatewayError(400, `ms: ${ms} would move the clock past the last representable time (${new Date(MAX_CLOCK_MS).toISOString()})`);
      }
      await (clock as { advance(ms: number): Promise<void> }).advance(ms);
      videos.clockMoved();
    },
    now: () => clock.now(),
    clockKind: () => clock.kind,
    failProvider: (provider, status, count) => providerFaults.set(provider, status, count),
    clearProviderFaults: (provider) => providerFaults.clear(provider),
    providerFaults: () => providerFaults.list(),
    setCredits(update) {
      // A limit for a key this gateway does not accept would never apply: say so instead.
      const unknown = Object.keys(update.keyLimits ?? {}).find((key) => !env.keys.some((k) => k.key === key));
      if (unknown !== undefined) throw new GatewayError(400, `keys: ${JSON.stringify(unknown.slice(0, 64))} is not a key of this gateway`);
      account.setCredits(update);
    },
    credits: () => ({ total_credits: account.totalCredits(), total_usage: account.totalUsage() }),
  };

  const videos = createVideoJobs(env, { webhooks: options.webhooks, ...options.videoJobs });
  const scriptRegistry = createScriptRegistry(options.scripts ?? []);
  env.onReset(() => scriptRegistry.reset());
  // One engine behind every surface of the text API (docs/decisions/0028-one-engine-canonical-request.md).
  const engine = createEngine(env, scriptRegistry);
  const apiRoutes: Route[] = [
    ...responsesRoutes(engine),
    ...chatRoutes(engine),
    ...messagesRoutes(engine),
    ...modelsRoutes(env),
    ...videosRoutes(env, videos),
    ...audioRoutes(env),
    ...datasetsRoutes(env),
    ...accountRoutes(env),
    ...embeddingsRoutes(env),
    ...OPERATIONS.flatMap((operation) => operationRoutes(operation, { env, engine, videos })),
    ...openapiRoutes(env, () => apiRoutes),
  ];
  const routes = [...apiRoutes, ...controlRoutes(control), ...scriptControlRoutes(scriptRegistry), ...inspectorRoutes(env), ...managementControlRoutes(env)];
  const simulate = createDispatcher(env, routes);
  // Replay (docs/record-replay.md): recorded answers first, the simulator for the rest.
  const dispatch = options.replay ? replayFirst(createReplayer(options.replay, clock), simulate, env.basePath, env.maxBodyBytes) : simulate;

  const toUrl = (input: string | URL): string => {
    const s = String(input);
    if (s.startsWith('/__gatewaykit/')) return `${parsedBase.origin}${s}`;
    return s.startsWith('/') ? `${baseUrl}${s}` : s;
  };
  // The normalised base (origin and path, no trailing slash) a plain relative path is joined to.
  const basePathname = parsedBase.pathname.replace(/\/+$/, '');
  const plainBase = parsedBase.search === '' && parsedBase.hash === '' && baseUrl === `${parsedBase.origin}${basePathname}`;
  /** The URL path of a relative `gateway.fetch` input the parser would leave as joined, else undefined. */
  const plainPathOf = (input: string | URL): string | undefined => {
    if (typeof input !== 'string' || !isPlainPath(input)) return undefined;
    if (input.startsWith('/__gatewaykit/')) return input;
    return plainBase ? `${basePathname}${input}` : undefined;
  };
  const fetchGateway = (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    // The light answers it returns are `instanceof Response` to the caller.
    linkFetchPrototypes();
    if (input instanceof Request) return dispatch(init ? new Request(input, init) : input);
    // The common call (method, plain headers, a string body) skips undici's Request and Response
    // (src/http/light-fetch-call.ts); anything else goes through the ordinary constructor.
    const call = lightFetchCall(toUrl(input), init, plainPathOf(input));
    if (!call) return dispatch(new Request(toUrl(input), init));
    return dispatch(call.request, { readBody: call.readBody, rawBodies: true });
  };

  // Built on first use: msw loads only for a user of the handlers (src/msw/msw-http.ts).
  let handlers: HttpHandler[] | undefined;

  return withInternals<Gateway>({
    baseUrl,
    seed: env.seed,
    clock,
    catalog: env.catalog,
    get handlers() {
      return (handlers ??= mswHandlers({ baseUrl, routes: apiRoutes, handle: (request) => dispatch(request, { rawBodies: true }) }));
    },
    fetch: fetchGateway,
    handle: dispatch,
    control,
    script: (rule) => scriptRegistry.add(rule),
    scripts: () => scriptRegistry.list(),
    requests: () => journal.list(),
    routes: Object.freeze(routes.slice()),
    videos,
  }, env);
}
