import { logUnexpectedError, type UnexpectedErrorContext } from '../errors/unexpected-error.ts';
import type { HttpHandler } from 'msw';
import { mswHandlers } from '../msw/msw-handlers.ts';
import { createAccount } from '../account/account.ts';
import { withInternals } from './gateway-internals.ts';
import { installedExchangeObserver, observedDispatch } from './exchange-observer.ts';
import { OPERATIONS, tableEndpoints } from './operations-table.ts';
import { DEFAULT_WORKSPACE_ID } from '../management/key-entry.ts';
import { createManagementStore, type ManagementBounds } from '../management/management-store.ts';
import { createGuardrailStore } from '../management/guardrail-store.ts';
import { createOrganizationStore } from '../management/organization-store.ts';
import { createPresetStore } from '../management/preset-store.ts';
import type { ManagementPersistence, ManagementSnapshot } from '../management/management-change.ts';
import { createFileStore, type FileStoreOptions } from '../files/file-store.ts';
import { operationRoutes, type OperationParts } from '../operations/operation.ts';
import { DEFAULT_API_KEYS, parseApiKeys, type ApiKey, type ApiKeyInput } from '../auth/api-key.ts';
import type { Catalog, CatalogInput } from '../catalog/catalog.ts';
import { resolveCatalog, type CatalogName } from '../catalog/named-catalog.ts';
import type { Clock } from '../clock/clock.ts';
import { systemClock } from '../clock/system-clock.ts';
import type { GatewayControl } from '../env/gateway-control.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import { controlRoutes as controlApiRoutes } from '../control/control-routes.ts';
import { createControl } from '../control/create-control.ts';
import { gatewayFetch } from './gateway-fetch.ts';
import { inspectorRoutes } from '../control/inspector-route.ts';
import { openapiRoutes } from './openapi-route.ts';
import { scriptControlRoutes } from '../control/scripts-control.ts';
import { videosControlRoutes } from '../control/videos-control.ts';
import { metricsRoutes } from '../control/metrics.ts';
import { shutdownRoutes } from '../control/shutdown-route.ts';
import { managementControlRoutes } from '../control/management-control.ts';
import { organizationControlRoutes } from '../control/organization-control.ts';
import { createMetricsTally, type MetricsTally } from '../state/metrics-tally.ts';
import { createTieredParse, directParse, type SchemaParse } from '../validation/tiered-safe-parse.ts';
import { rememberedCounts } from '../generation/count-cache.ts';
import { meteredAccount, meteredProviderFaults } from './metered-parts.ts';
import { gatewayActivity } from './gateway-activity.ts';
import { gatewayUsage } from './gateway-usage.ts';
import { createEngine } from '../engine/create-engine.ts';
import { createDispatcher, type RequestInfo } from '../http/dispatch.ts';
import type { Route } from '../http/route.ts';
import { createStickySessions } from '../state/sticky-sessions.ts';
import { createScriptRegistry, type ScriptEntry, type ScriptHandle, type ScriptRegistry } from '../scripts/script-registry.ts';
import type { ScriptRule, ScriptRuleInput } from '../scripts/script-rule.ts';
import { createJournal, DEFAULT_JOURNAL_BYTES } from '../state/journal.ts';
import { createScopeMap } from '../state/scope-map.ts';
import { checkedScopeId, gatewayScope, type GatewayScope } from './gateway-scope.ts';
import { scopedDispatch } from './scoped-dispatch.ts';
import type { JournalEntry } from '../state/journal.ts';
import { createProviderFaults } from '../state/provider-faults.ts';
import { replayFirst } from '../replay/replay-first.ts';
import { createReplayer, type ReplayOptions } from '../replay/replayer.ts';
import { resolveTiming, type TimingOptions } from '../timing/timing-options.ts';
import { MULTIPART_FILE_LIMIT_BYTES } from '../audio/read-transcription-request.ts';
import { resolveWebhookSettings } from '../webhooks/webhook-settings.ts';
import { broadcastCaller } from '../broadcast/broadcast-caller.ts';
import { createDestinationDeliverer } from '../broadcast/destination-deliverer.ts';
import {
  createVideoJobs,
  type VideoJobs,
  type VideoJobsOptions,
  type VideoJobsPersistence,
  type VideoJobsSnapshot,
  type VideoWebhookOptions,
} from '../videos/video-jobs.ts';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080/api/v1';
/** 10 MiB: the spec states no request-size limit (spec 8); large enough for inline images. */
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;
/** Most scopes (`X-Test-Id`) one gateway keeps at once; the least recently used is dropped past it. */
export const DEFAULT_MAX_SCOPES = 256;
/** A scope's journal holds at most this many bytes (2 MiB), so the cap of scopes bounds their memory. */
export const SCOPE_JOURNAL_MAX_BYTES = 2 * 1024 * 1024;

export interface GatewayOptions {
  /** Where the simulated API lives; msw handlers match it. Default http://127.0.0.1:8080/api/v1. */
  baseUrl?: string;
  /**
   * What `POST /__gatewaykit/shutdown` does: `startServer` stops its server (and `gatewaykit serve`
   * its process). Without it (in-process) that request is a 404.
   */
  onShutdownRequest?: () => void;
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
   * An unknown `vendor/model` id gets a synthesized catalogue entry (the vendor's median prices and
   * context, its provider) instead of the 400 naming the closest ids, for apps on a model newer
   * than the catalogue. Default: false (the gateway's rule).
   */
  acceptUnknownModels?: boolean;
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
  videoJobs?: {
    restore?: VideoJobsSnapshot;
    onChange?: (snapshot: VideoJobsSnapshot) => void;
    persistence?: VideoJobsPersistence;
    bounds?: VideoJobsOptions['bounds'];
  };
  /** The management plane's keys and codes: restored from and saved to a state file, and how many are kept (docs/management.md). */
  management?: { restore?: ManagementSnapshot; persistence?: ManagementPersistence; bounds?: Partial<ManagementBounds> };
  /**
   * Most scopes kept at once: each `X-Test-Id` value gets its own journal, scripts, faults,
   * sessions and credits on first use, and past the cap the least recently used one is forgotten.
   * Default 256.
   */
  maxScopes?: number;
  /** Uploaded files (`/files`): how many and how large (413 past it), whether uploads are downloadable, and the state file's hooks (docs/files.md). */
  files?: Omit<FileStoreOptions, 'clock' | 'seed'>;
  /**
   * The shortcuts that change no answer (docs/decisions/0085-fast-paths-behind-one-seam.md): the
   * answer, plan and route memos, the small-body reader of `/responses`, tiered schema parsing
   * and the light Fetch objects of `gateway.fetch`, msw and node:http. `false` turns every one
   * off: the same bytes, the long way. Default true.
   */
  fastPaths?: boolean;
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
  /**
   * The scope that requests with `X-Test-Id: <id>` see (made on first use): its own journal,
   * scripts, faults, sessions and credits. A malformed id is a TypeError.
   */
  scope(id: string): GatewayScope;
  /** The scopes alive now, least recently used first. */
  scopeIds(): string[];
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
  const shared = sharedParts(options);
  // Scopes (X-Test-Id): one core each, made on first use, the least recently used dropped past
  // the cap (docs/decisions/0063-test-scopes.md); dropping one cancels its timers.
  const scopes = createScopeMap<GatewayCore>({
    max: options.maxScopes ?? DEFAULT_MAX_SCOPES,
    make: (id) => createCore(scopeOptions(options), shared, id),
    evicted: (core) => core.resetStores(),
  });
  // The default scope is the gateway as it always was; its reset also forgets every scope.
  const root = createCore(options, shared, undefined, () => scopes.clear());
  const { env } = root;
  const routed = scopedDispatch(root.dispatch, (id) => scopes.get(id).dispatch);
  // Replay (docs/record-replay.md): recorded answers first, the simulator for the rest.
  const replaying = options.replay ? replayFirst(createReplayer(options.replay, env.clock), routed, env.basePath, env.maxBodyBytes) : routed;
  // A test set-up's observer, when one is installed (src/gateway/exchange-observer.ts).
  const observer = installedExchangeObserver();
  const dispatch = observer ? observedDispatch(replaying, observer, env.basePath) : replaying;
  const fetch = gatewayFetch(env.baseUrl, dispatch, env.fastPaths);
  // Light answers for msw with the fast paths, ordinary Fetch Responses without.
  const mswInfo = { rawBodies: env.fastPaths };
  // Built on first use: msw loads only for a user of the handlers (src/msw/msw-http.ts).
  let handlers: HttpHandler[] | undefined;

  return withInternals<Gateway>(
    {
      baseUrl: env.baseUrl,
      seed: env.seed,
      clock: env.clock,
      catalog: env.catalog,
      get handlers() {
        return (handlers ??= mswHandlers({ baseUrl: env.baseUrl, routes: root.apiRoutes, handle: (request) => dispatch(request, mswInfo) }));
      },
      fetch,
      handle: dispatch,
      control: root.control,
      script: (rule) => root.scripts.add(rule),
      scripts: () => root.scripts.list(),
      requests: () => env.journal.list(),
      routes: Object.freeze(root.routes.slice()),
      videos: root.videos,
      scope: (id) => gatewayScope(checkedScopeId(id), (valid) => scopes.get(valid), fetch),
      scopeIds: () => scopes.ids(),
    },
    env,
  );
}

/** What every scope of one gateway shares: the clock, the catalogue and keys (validated once), the metrics, the fast-path choice and the schema parse. */
interface SharedParts {
  readonly clock: Clock;
  readonly catalog: Catalog;
  readonly keys: readonly ApiKey[];
  readonly metrics: MetricsTally;
  readonly fastPaths: boolean;
  readonly parse: SchemaParse;
  readonly tokenizerView: GatewayEnv['tokenizerView'];
}

function sharedParts(options: GatewayOptions): SharedParts {
  // A bad catalogue throws CatalogError naming the path and rule of every issue (docs/catalog.md).
  const resolved = resolveCatalog(options.catalog);
  // Synthesized entries are added to this gateway's own list, never to a catalogue another shares.
  const catalog = options.acceptUnknownModels ? { ...resolved, models: [...resolved.models] } : resolved;
  const keys = options.keys ? parseApiKeys(options.keys, 'createGateway({ keys })') : DEFAULT_API_KEYS;
  // What GET /__gatewaykit/metrics reports, counted as answers go (state/metrics-tally.ts): server-wide.
  const fastPaths = options.fastPaths ?? true;
  // The parse counts of tiered parsing are this gateway's: they go with it.
  const parse = fastPaths ? createTieredParse() : directParse;
  // So is the memo of token counts; without the fast paths each text is counted afresh.
  const tokenizerView: GatewayEnv['tokenizerView'] = fastPaths ? rememberedCounts() : (loaded) => loaded;
  return { clock: options.clock ?? systemClock(), catalog, keys, metrics: createMetricsTally(), fastPaths, parse, tokenizerView };
}

/**
 * A scope's options: the gateway's, without what belongs to the server as a whole (cassettes,
 * the state file), and with a smaller journal so that many scopes stay cheap.
 */
function scopeOptions(options: GatewayOptions): GatewayOptions {
  return {
    ...options,
    replay: undefined,
    journalMaxBytes: Math.min(options.journalMaxBytes ?? DEFAULT_JOURNAL_BYTES, SCOPE_JOURNAL_MAX_BYTES),
    videoJobs: { bounds: options.videoJobs?.bounds },
    management: { bounds: options.management?.bounds },
    files: { bounds: options.files?.bounds, uploadsDownloadable: options.files?.uploadsDownloadable },
  };
}

/** One scope's simulator: its stores, engine, routes and dispatcher over the shared parts. */
export interface GatewayCore {
  readonly env: GatewayEnv;
  readonly control: GatewayControl;
  readonly scripts: ScriptRegistry;
  readonly videos: VideoJobs;
  readonly apiRoutes: readonly Route[];
  readonly routes: readonly Route[];
  readonly dispatch: (request: Request, info?: RequestInfo) => Promise<Response>;
  /** Forget this scope's state (not the clock). */
  resetStores(): void;
}

function createCore(options: GatewayOptions, shared: SharedParts, scope: string | undefined, alsoReset?: () => void): GatewayCore {
  const { env, resetStores } = buildEnv(options, shared, scope);
  if (alsoReset) env.onReset(alsoReset);
  const videos = createVideoJobs(env, { webhooks: options.webhooks, ...options.videoJobs });
  // A scope's reset leaves the shared clock alone: other tests run on it.
  const control = createControl(env, { videos, resetStores, rewindsClock: scope === undefined });
  const scripts = createScriptRegistry(options.scripts ?? []);
  env.onReset(() => scripts.reset());
  // One engine behind every surface of the text API (docs/decisions/0028-one-engine-canonical-request.md).
  const engine = createEngine(env, scripts, { counts: shared.metrics });
  const { apiRoutes, routes } = gatewayRoutes(
    { env, engine, videos },
    control,
    scripts,
    shared.metrics,
    scope === undefined ? options.onShutdownRequest : undefined,
  );
  const dispatch = createDispatcher(env, routes, shared.metrics);
  return { env, control, scripts, videos, apiRoutes, routes, dispatch, resetStores };
}

/**
 * The environment of one scope (seed, clock, keys, catalogue, limits, stores) from its options,
 * and the one reset that makes every store forget (control reset): each store registers how.
 */
function buildEnv(options: GatewayOptions, shared: SharedParts, scope: string | undefined): { env: GatewayEnv; resetStores(): void } {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const { clock, catalog, keys, metrics, fastPaths, parse, tokenizerView } = shared;
  const resets: Array<() => void> = [];
  const journal = createJournal({ maxEntries: options.journalLimit, maxBytes: options.journalMaxBytes, now: () => clock.now(), scope });
  const stickySessions = createStickySessions();
  const management = createManagementStore({ fileKeys: keys, clock, seed: options.seed ?? 0, ...options.management });
  const presets = createPresetStore({ clock, seed: options.seed ?? 0, restore: options.management?.restore, persistence: options.management?.persistence });
  const files = createFileStore({ clock, seed: options.seed ?? 0, ...options.files });
  const providerFaults = meteredProviderFaults(createProviderFaults(catalog.providers), metrics);
  const activity = gatewayActivity(clock, management, options.management);
  const webhooks = resolveWebhookSettings(options.webhooks ?? {}, baseUrl);
  const reportError = options.onError ?? ((error: unknown, context?: UnexpectedErrorContext) => logUnexpectedError(error, context));
  // Each recorded paid answer goes to the observability destinations of its key's workspace (src/broadcast/).
  const deliverer = createDestinationDeliverer({
    clock,
    destinations: management.destinations,
    settings: webhooks,
    baseUrl,
    seed: options.seed ?? 0,
    caller: broadcastCaller(management),
    reportError: (error) => reportError(error),
  });
  const account = meteredAccount(
    createAccount({
      now: () => clock.now(),
      totalCredits: options.credits,
      maxGenerations: options.generationsLimit,
      workspaces: { of: (apiKey) => apiKey.workspaceId ?? DEFAULT_WORKSPACE_ID, budget: (id) => management.workspaces.budgetState(id) },
      persisted: gatewayUsage(options.management),
      onRecorded: (record) => {
        activity.record(record);
        deliverer.broadcast(record);
      },
    }),
    metrics,
  );
  const env: GatewayEnv = {
    seed: options.seed ?? 0,
    clock,
    keys,
    management,
    guardrails: createGuardrailStore({ restore: options.management?.restore?.guardrails, persistence: options.management?.persistence }),
    organization: createOrganizationStore({ restore: options.management?.restore, persistence: options.management?.persistence }),
    presets,
    files,
    webhooks,
    catalog,
    ...(options.acceptUnknownModels ? { acceptUnknownModels: true } : {}),
    baseUrl,
    basePath: new URL(baseUrl).pathname.replace(/\/+$/, ''),
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    maxUploadBytes: options.maxUploadBytes ?? MULTIPART_FILE_LIMIT_BYTES,
    timing: resolveTiming(options.timing, 'createGateway({ timing })'),
    fastPaths,
    parse,
    tokenizerView,
    journal,
    providerFaults,
    stickySessions,
    account,
    activity,
    onReset: (fn) => void resets.push(fn),
    reportError,
  };
  env.onReset(() => journal.clear());
  env.onReset(() => providerFaults.clear());
  env.onReset(() => stickySessions.clear());
  env.onReset(() => account.reset());
  env.onReset(() => activity.clear());
  env.onReset(() => (management.reset(), deliverer.reset()));
  env.onReset(() => (env.guardrails.reset(), env.organization.reset()));
  env.onReset(() => presets.reset());
  env.onReset(() => files.reset());
  // The metrics are the server's: only the default scope's reset (the whole server's) clears them.
  if (scope === undefined) env.onReset(() => metrics.reset());
  return { env, resetStores: () => resets.forEach((fn) => fn()) };
}

/**
 * Every route of one gateway: the operations table's, then `GET /openapi.json` (the API routes,
 * which msw serves), then the control API (loopback only, at the origin root).
 */
function gatewayRoutes(
  parts: OperationParts,
  control: GatewayControl,
  scripts: ScriptRegistry,
  metrics: MetricsTally,
  onShutdownRequest: (() => void) | undefined,
): { apiRoutes: Route[]; routes: Route[] } {
  const apiRoutes: Route[] = [...OPERATIONS.flatMap((operation) => operationRoutes(operation, parts)), ...openapiRoutes(parts.env, () => apiRoutes)];
  const controlRoutes = [
    ...videosControlRoutes(parts.env, parts.videos),
    ...controlApiRoutes(control),
    ...scriptControlRoutes(scripts),
    ...inspectorRoutes(
      parts.env,
      tableEndpoints().map((endpoint) => endpoint.id),
    ),
    ...metricsRoutes(metrics),
    ...managementControlRoutes(parts.env),
    ...organizationControlRoutes(parts.env),
    ...shutdownRoutes(onShutdownRequest),
  ];
  return { apiRoutes, routes: [...apiRoutes, ...controlRoutes] };
}
