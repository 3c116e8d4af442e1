import type { Check, CheckContext, CheckOutcome, Owed, Requirement, SentExchange, SimulatorInfo } from './check.ts';
import { exchangeJson, type Exchange } from './client/exchange.ts';
import { defaultTransport } from './client/default-transport.ts';
import { createGatewayClient, type ClientCounters, type FetchLike, type GatewayClient } from './client/gateway-client.ts';
import { createRequestBudget } from './client/request-budget.ts';
import { createSpendBudget, type SpendBudget } from './client/spend-budget.ts';
import { toCurl } from './client/to-curl.ts';
import type { Transport } from './client/transport.ts';
import { detectSimulator } from './detect-simulator.ts';
import { fairShare, owedFrom } from './property/fair-share.ts';
import { preflight as runPreflight, type Preflight } from './preflight.ts';
import { ALL_CHECKS } from './registry.ts';
import type { CheckResult, ConformanceReport, ProgressEvent, Replay } from './report.ts';
import { pickModel, pickReasoningModel, pickVideoModel } from './resolve-model.ts';
import { ruleById } from './rules/rule-catalogue.ts';
import type { RuleSource } from './rules/rule.ts';
import { scheduleChecks, type Park } from './schedule-checks.ts';
import { selectChecks } from './select-checks.ts';
import { summarizeVerdicts } from './summarize-verdicts.ts';

/** Requests to paid operations allowed against a target that is not the simulator, unless `maxRequests` says otherwise. */
export const DEFAULT_MAX_REQUESTS = 243;
/**
 * USD the paid requests of a run against a target that is not the simulator may cost at most,
 * each weighed at its worst-case price from the prices the target lists, unless `maxSpend` says
 * otherwise. Above what the smallest request budget that probes every rule costs at the default
 * model's price (docs/conformance.md gives the figure).
 */
export const DEFAULT_MAX_SPEND = 1;
/** Against the simulator requests cost nothing. */
export const SIMULATOR_MAX_REQUESTS = 20_000;
export const DEFAULT_RUNS = 25;
/** The simulator's demo management key (fixtures/keys.json), used against the simulator unless `managementKey` is given. */
export const SIMULATOR_MANAGEMENT_KEY = 'sk-gw-management';
/** Against the simulator a property's runs are sent this many at a time (it is local and free). */
export const SIMULATOR_CONCURRENCY = 4;
/** Against the simulator this many checks run side by side (those marked `exclusive: false`). */
export const SIMULATOR_PARALLEL_CHECKS = 3;
/** A check running longer than this prints a heartbeat line, and again every period. */
export const DEFAULT_HEARTBEAT_MS = 10_000;

export interface ConformanceOptions {
  /** Base URL of the API, e.g. `http://127.0.0.1:8080/api/v1`. */
  readonly baseUrl: string;
  /** An ordinary API key with credits (spec 5). */
  readonly apiKey: string;
  /**
   * A management key (spec 5.3) for the management operations' shape and error checks (`/keys`,
   * `/credits`, `/auth/keys/code`); without one those checks are skipped. Against the simulator the
   * demo management key `sk-gw-management` unless given.
   */
  readonly managementKey?: string;
  /** Fetch to use; pass `gateway.fetch` to run in-process. Default: node:http on Node (cheaper per request than Node's fetch), else the global fetch. */
  readonly fetch?: FetchLike;
  /** Headers sent with every request (`--header`), e.g. a proxy's routing headers. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Connect + read deadline of one request, ms. Default 30 000. */
  readonly timeoutMs?: number;
  /** fast-check seed; default random (always reported). */
  readonly seed?: number;
  /** fast-check runs per property. Default 25. */
  readonly runs?: number;
  /**
   * Requests a property check may have in flight at once: the runs of a property that sends one
   * probe per run, and the shared answer samples, are sent up to this many ahead, in order (a
   * failing property has sent up to `concurrency - 1` requests past its failing run). The budget is
   * never exceeded. A 429 not asked for ends it for the
   * run. Default {@link SIMULATOR_CONCURRENCY} against the simulator, 1 otherwise.
   */
  readonly concurrency?: number;
  /**
   * Checks run side by side: up to this many at once, started in check order, each with its own
   * client (its exchanges, requests and result are its own). Only checks marked `exclusive: false`
   * run beside others (those that change and read no state other checks share: not the clock,
   * video jobs, credits or the run's journal); every other check runs alone.
   * Reports list the checks in order, with the results of a one-at-a-time run. Default {@link SIMULATOR_PARALLEL_CHECKS}
   * against the simulator; always 1 against anything else or when `maxRequests` is given (a fair
   * share of a budget, and which check runs out of it, must not depend on timing).
   */
  readonly parallelChecks?: number;
  /** Check ids or group prefixes to run (`stream.`); default all. */
  readonly only?: readonly string[];
  /** Check ids or group prefixes to leave out. */
  readonly skip?: readonly string[];
  /** Send requests to `/videos` (a submit is paid on a live gateway). Default: only against the simulator. */
  readonly includeVideos?: boolean;
  /** Model for generations. Default: `openai/gpt-4o-mini` when listed, else the cheapest text model of `GET /models`. */
  readonly model?: string;
  /** Model for the reasoning answer shape. Default: the cheapest reasoning model of `GET /models`. */
  readonly reasoningModel?: string;
  /** Video model. Default: the first of `GET /videos/models`. */
  readonly videoModel?: string;
  /** Budget of requests to paid operations for the whole run, preflight included. Default 243 (20 000 against the simulator). */
  readonly maxRequests?: number;
  /**
   * Budget in USD for the whole run, preflight included: every request to a paid operation is
   * weighed at the most it can cost (its body's bytes as input tokens, its output cap, at the
   * listed price of the model it names) and not sent when that does not fit. Default
   * {@link DEFAULT_MAX_SPEND} (no cap against the simulator).
   */
  readonly maxSpend?: number;
  /** Is the target the gatewaykit simulator? `auto` (default) probes `GET {origin}/__gatewaykit/clock`. */
  readonly simulator?: boolean | 'auto';
  /** Run the preflight (default true). Off only to study how checks judge a broken target. */
  readonly preflight?: boolean;
  /** Inferred rules fail the run too (default false: they are advice). */
  readonly strict?: boolean;
  /** fast-check path to replay (with `seed` and `only`), from a failure's `replay`. */
  readonly replay?: string;
  /** Live progress: start, preflight, heartbeats of long checks, one event per finished check. */
  readonly onProgress?: (event: ProgressEvent) => void;
  readonly heartbeatMs?: number;
  /** The checks to choose from. Default: every registered check. */
  readonly checks?: readonly Check[];
  /** Injected so tests never sleep (Retry-After, the real-time waits of video jobs on a live gateway). */
  readonly sleep?: (ms: number) => Promise<void>;
}

function skipReason(check: Check, simulator: SimulatorInfo | undefined, videos: boolean): string | undefined {
  const reasons: Record<Requirement, string | undefined> = {
    simulator: simulator ? undefined : 'needs the gatewaykit simulator controls (fault headers, clock, moderation marker); the target is not the simulator',
    videos: videos ? undefined : 'sends requests to /videos, where a submit costs money on a live gateway; enable with --include-videos',
  };
  for (const r of check.requires ?? []) if (reasons[r]) return reasons[r];
  return undefined;
}

/** Does the check run alone? Unless it says `exclusive: false`. */
export function runsAlone(check: Pick<Check, 'exclusive'>): boolean {
  return check.exclusive !== false;
}

/** `inferred` when every rule of the check is inferred (its failures are advice). */
export function checkSource(check: Pick<Check, 'rules'>): RuleSource {
  const sources = check.rules.map((id) => ruleById(id).source);
  if (sources.length > 0 && sources.every((s) => s === 'inferred')) return 'inferred';
  return sources.includes('spec') ? 'spec' : sources.length > 0 ? 'reference' : 'spec';
}

function shellArg(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

async function modelList(client: GatewayClient, path: string): Promise<readonly unknown[] | undefined> {
  try {
    const exchange = await client.send({ method: 'GET', path });
    const data = (exchangeJson(exchange) as { data?: unknown } | undefined)?.data;
    return exchange.status === 200 && Array.isArray(data) ? data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Run the conformance suite against a Gateway API and return the report as a value: it never
 * throws for a non-conforming target, only for a bug. The preflight runs first; when it fails the
 * report has no checks and `preflight.cause` says why (the CLI exits 3).
 *
 * @example
 * import { runConformance } from 'gatewaykit/conformance';
 * const report = await runConformance({ baseUrl: 'http://127.0.0.1:8080/api/v1', apiKey: 'sk-gw-test' });
 * if (!report.preflight.ok) console.log(report.preflight.cause);
 * else console.log(report.checks.filter((c) => c.status === 'failed'));
 *
 * @example
 * // in-process, no port: the simulator's own fetch
 * const gateway = createGateway();
 * await runConformance({ baseUrl: gateway.baseUrl, apiKey: 'sk-gw-test', fetch: gateway.fetch });
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const transport = await defaultTransport(options.fetch);
  try {
    return await runWith(options, transport.send);
  } finally {
    transport.close();
  }
}

async function runWith(options: ConformanceOptions, send: Transport): Promise<ConformanceReport> {
  const started = Date.now();
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const seed = options.seed ?? (Math.random() * 0x7fffffff) | 0;
  const runs = options.runs ?? DEFAULT_RUNS;
  const counters: ClientCounters = { requests: 0, paid: 0, retries: 0, throttled: 0 };

  const { simulator, includeVideos, managementKey, budget, spend, client } = await connectToTarget(options, send, baseUrl, counters);
  // What the run sends before the checks (the preflight, the model lists); the checks' own follow.
  const journal: SentExchange[] = [];
  // Against the simulator every request names the check that sent it (its journal filters by
  // it); another gateway is sent nothing it did not ask for.
  const sender = (id: string) => (simulator ? id : undefined);
  const runClient = client.view(budget, (exchange) => journal.push({ checkId: 'preflight', exchange }), undefined, sender('preflight'));

  const { pre, model, reasoningModel, videoModel, target } = await discoverTarget(options, runClient, { baseUrl, simulator, includeVideos });
  spend.useModel(model);
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? (simulator ? SIMULATOR_CONCURRENCY : 1)));
  const checks = pre.ok ? selectChecks(options.checks ?? ALL_CHECKS, { only: options.only, skip: options.skip }) : [];
  options.onProgress?.({ kind: 'start', total: checks.length, target, seed });

  // Checks run side by side only where nothing depends on which finishes first: against the
  // simulator (every check may spend what is left, no fair share is worked out) and without a
  // budget of the user's (which check would run out of it would depend on timing).
  const parallelChecks = simulator && options.maxRequests === undefined ? Math.max(1, Math.floor(options.parallelChecks ?? SIMULATOR_PARALLEL_CHECKS)) : 1;

  // What each check sent, kept apart so the journal reads in check order whatever order the
  // answers of checks running side by side came back in.
  const own: SentExchange[][] = checks.map(() => []);
  const tallies: ClientCounters[] = checks.map(() => ({ requests: 0, paid: 0, retries: 0, throttled: 0 }));
  // A shared value is made once, by the client of no check; what it sends belongs to the first
  // check in check order that asked for it (the one that made it in a one-at-a-time run).
  const memo = new Map<string, SharedEntry>();
  const { sharedOf, exchanges } = runJournal(journal, checks, own, memo);

  const results: CheckResult[] = [];
  const finished: ({ outcome: CheckOutcome; durationMs: number } | undefined)[] = checks.map(() => undefined);
  // Settles when the check of that index has finished (whatever its verdict).
  const settle: (() => void)[] = [];
  const settled: Promise<void>[] = checks.map((_, index) => new Promise<void>((resolve) => (settle[index] = resolve)));

  // What each check owes before its random runs (its strata, fixed probes and shared samples:
  // every rule is probed at any budget at or above the sum), asked of the checks themselves once,
  // only when shares are worked out. A check that will be skipped or sends nothing paid owes nothing.
  const spends = checks.map((c) => !c.free && !skipReason(c, simulator, includeVideos));
  // What every check's context holds of the run.
  const base = {
    baseUrl,
    basePath: new URL(baseUrl).pathname.replace(/\/+$/, ''),
    model,
    reasoningModel,
    videoModel,
    includeVideos,
    seed,
    runs,
    concurrency,
    replayPath: options.replay,
    simulator,
    hasManagementKey: managementKey !== undefined,
  };
  const owing = checks.map((c, index) => (!spends[index] ? { own: 0 } : (c.owes?.(countingContext(c.id, base)) ?? { own: 1 })));
  const owed: readonly Owed[] | undefined = simulator ? undefined : owing;
  const smallestBudget = smallestRequestBudget(options, owing, spends);
  const runCheck = checkRunner({
    checks,
    tallies,
    own,
    memo,
    settled,
    parallelChecks,
    budget,
    owed,
    spends,
    client,
    sender,
    base,
    exchanges,
    options,
    results,
    finished,
    sharedOf,
    simulator,
    includeVideos,
    report: { baseUrl, seed, runs, model, options },
  });
  await scheduleChecks(
    checks.length,
    parallelChecks,
    (index) => runsAlone(checks[index]!),
    async (index, park) => {
      try {
        await runCheck(index, park);
      } finally {
        settle[index]!();
      }
    },
  );

  return { seed, target, preflight: pre, checks: results, summary: summaryOf(results, { options, pre, counters, budget, spend, smallestBudget, started }) };
}

/** The smallest request budget that probes every rule of this selection: the preflight's paid request and what every check owes. */
function smallestRequestBudget(options: ConformanceOptions, owing: readonly Owed[], spends: readonly boolean[]): number {
  return (options.preflight === false ? 0 : 1) + owedFrom(0, owing, spends, () => false);
}

/** A value several checks share (`ctx.shared`): made once, what it sent kept apart, owned by the first check in check order that asked. */
interface SharedEntry {
  readonly value: Promise<unknown>;
  readonly exchanges: Exchange[];
  readonly tally: ClientCounters;
  /** The index of the first check in check order that asked for it (its owner). */
  owner: number;
}

function sharedEntry(
  make: (client: GatewayClient) => Promise<unknown>,
  viewOf: (sent: (exchange: Exchange) => void, tally: ClientCounters) => GatewayClient,
): SharedEntry {
  const exchanges: Exchange[] = [];
  const tally: ClientCounters = { requests: 0, paid: 0, retries: 0, throttled: 0 };
  return { value: make(viewOf((exchange) => exchanges.push(exchange), tally)), exchanges, tally, owner: Infinity };
}

/** The context `owes()` gets: the run's facts, and a client, journal and clock that refuse to be used (it only counts). */
function countingContext(id: string, base: Omit<CheckContext, 'client' | 'shared' | 'exchanges' | 'sleep'>): CheckContext {
  const sends = () => {
    throw new Error(`${id}: owes() only counts what the check will send; it sends nothing`);
  };
  return { client: undefined as never, ...base, shared: sends, exchanges: sends, sleep: sends };
}

/** A check's verdict: skipped with its reason, else what it found (a throw out of it is an error verdict, a bug in the check), with a heartbeat while it runs. */
async function checkOutcome(
  check: Check,
  ctx: CheckContext,
  reason: string | undefined,
  beat: (() => void) | undefined,
  heartbeatMs: number,
): Promise<CheckOutcome> {
  if (reason) return { status: 'skipped', reason };
  const heartbeat = beat ? setInterval(beat, heartbeatMs) : undefined;
  heartbeat?.unref?.();
  try {
    return await check.run(ctx);
  } catch (error) {
    // A throw out of a check is a bug in the check, not a verdict on the target; still report it.
    return { status: 'error', reason: `internal error in the check: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}` };
  } finally {
    if (heartbeat) clearInterval(heartbeat);
  }
}

/**
 * The run's journal in check order: what the run sent first, then each check's own exchanges and
 * those of the shared values it owns (the first check in check order that asked for one).
 */
function runJournal(journal: readonly SentExchange[], checks: readonly Check[], own: readonly SentExchange[][], memo: ReadonlyMap<string, SharedEntry>) {
  const sharedOf = (index: number) => [...memo.values()].filter((entry) => entry.owner === index);
  const exchanges = (): readonly SentExchange[] => {
    // Each check's shared values, found in one pass over them (not one per check).
    const owned = new Map<number, SharedEntry[]>();
    for (const entry of memo.values()) {
      const list = owned.get(entry.owner);
      if (list) list.push(entry);
      else owned.set(entry.owner, [entry]);
    }
    const all: SentExchange[] = [...journal];
    checks.forEach((check, index) => {
      for (const sent of own[index]!) all.push(sent);
      for (const entry of owned.get(index) ?? []) for (const exchange of entry.exchanges) all.push({ checkId: check.id, exchange });
    });
    return all;
  };
  return { sharedOf, exchanges };
}

/** What the checks of one run share while they run (runWith's state, handed to the runner of each check). */
interface RunState {
  readonly checks: readonly Check[];
  readonly tallies: ClientCounters[];
  readonly own: SentExchange[][];
  readonly memo: Map<string, SharedEntry>;
  readonly settled: readonly Promise<void>[];
  readonly parallelChecks: number;
  readonly budget: ReturnType<typeof createRequestBudget>;
  readonly owed: readonly Owed[] | undefined;
  readonly spends: readonly boolean[];
  readonly client: GatewayClient;
  readonly sender: (id: string) => string | undefined;
  readonly base: Omit<CheckContext, 'client' | 'shared' | 'exchanges' | 'sleep'>;
  readonly exchanges: () => readonly SentExchange[];
  readonly options: ConformanceOptions;
  readonly results: CheckResult[];
  readonly finished: ({ outcome: CheckOutcome; durationMs: number } | undefined)[];
  readonly sharedOf: (index: number) => SharedEntry[];
  readonly simulator: SimulatorInfo | undefined;
  readonly includeVideos: boolean;
  readonly report: Parameters<typeof toResult>[2]['run'];
}

/** Runs the check of an index with its share of the budget, then reports every finished result in check order. */
function checkRunner(run: RunState): (index: number, park: Park) => Promise<void> {
  const { checks, tallies, own, memo, settled, parallelChecks, budget, owed, spends, client, sender, base, exchanges, options } = run;
  const { results, finished, sharedOf, simulator, includeVideos, report } = run;
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const order = { reported: 0 };
  return async (index, park) => {
    const check = checks[index]!;
    const tally = tallies[index]!;
    const checkStarted = Date.now();
    // A fair share of what is left among the checks still to come that can spend, so the first
    // property checks cannot starve the later ones: what every check still to come owes is kept
    // back first, then the rest is shared out; what a check leaves unused rolls forward.
    // (Checks run side by side only where no share is worked out, so the shares stay those of a
    // one-at-a-time run.)
    const left = budget.remaining();
    const share = !owed || check.free || left === 0 ? left : fairShare(left, index, owed, spends, (key) => memo.has(key));
    const ctx: CheckContext = {
      client: client.view(budget.scope(share), (exchange) => own[index]!.push({ checkId: check.id, exchange }), tally, sender(check.id)),
      ...base,
      async shared<T>(key: string, make: (c: GatewayClient) => Promise<T>): Promise<T> {
        // A shared value is made by the first check in check order that asks for it, as in a
        // one-at-a-time run, so who sends it (the check its requests name, whose answer ids they
        // draw) never depends on timing: beside other checks, a check asking for a value not made
        // yet waits until every check before it has finished; one of them may make it first. It
        // waits parked: a later check takes its place meanwhile.
        if (!memo.has(key) && parallelChecks > 1) await park(Promise.all(settled.slice(0, index)));
        let entry = memo.get(key);
        // Sent by the check that asked first: the owner of a one-at-a-time run, where it runs alone.
        if (!entry)
          memo.set(
            key,
            (entry = sharedEntry(
              (c) => make(c),
              (sent, tally) => client.view(budget, sent, tally, sender(check.id)),
            )),
          );
        entry.owner = Math.min(entry.owner, index);
        return (await entry.value) as T;
      },
      exchanges: () => {
        // Beside other checks the journal is still being written: a check reading it runs alone.
        if (parallelChecks > 1 && !runsAlone(check))
          throw new Error(`${check.id} reads the run's journal (ctx.exchanges()), so it must be marked exclusive: true to run alone`);
        return exchanges();
      },
      sleep,
    };
    const beat = options.onProgress
      ? () => options.onProgress?.({ kind: 'heartbeat', id: check.id, elapsedMs: Date.now() - checkStarted, requests: tally.requests })
      : undefined;
    const outcome = await checkOutcome(check, ctx, skipReason(check, simulator, includeVideos), beat, heartbeatMs);
    finished[index] = { outcome, durationMs: Date.now() - checkStarted };
    // Results are reported in check order: a check's result waits for the checks before it, by
    // then every check that could own a shared value it asked for has finished.
    for (let next = finished[order.reported]; next; next = finished[order.reported]) {
      const shared = sharedOf(order.reported);
      const spent = [tallies[order.reported]!, ...shared.map((entry) => entry.tally)];
      const result = toResult(checks[order.reported]!, next.outcome, {
        requests: spent.reduce((sum, t) => sum + t.requests, 0),
        paid: spent.reduce((sum, t) => sum + t.paid, 0),
        durationMs: next.durationMs,
        run: report,
      });
      results.push(result);
      options.onProgress?.({ kind: 'check', index: order.reported, total: checks.length, result });
      order.reported++;
    }
  };
}

/** The run's client on the target, after the free probe that tells a simulator (nothing paid is sent before the budget exists). */
async function connectToTarget(options: ConformanceOptions, send: Transport, baseUrl: string, counters: ClientCounters) {
  // Simulator detection is a free GET outside the base path; nothing paid is sent before the budget exists.
  const simulatorOption = options.simulator ?? 'auto';
  const probeClient = createGatewayClient(
    {
      baseUrl,
      apiKey: options.apiKey,
      transport: send,
      budget: createRequestBudget(0),
      timeoutMs: options.timeoutMs,
      headers: options.headers,
      sleep: options.sleep,
    },
    counters,
  );
  let simulator: SimulatorInfo | undefined;
  if (simulatorOption === 'auto') simulator = await detectSimulator(probeClient);
  else if (simulatorOption) simulator = (await detectSimulator(probeClient)) ?? { origin: new URL(baseUrl).origin, clock: 'system' };

  const includeVideos = options.includeVideos ?? simulator !== undefined;
  const managementKey = options.managementKey ?? (simulator ? SIMULATOR_MANAGEMENT_KEY : undefined);
  const budget = createRequestBudget(options.maxRequests ?? (simulator ? SIMULATOR_MAX_REQUESTS : DEFAULT_MAX_REQUESTS));
  const spend = createSpendBudget(options.maxSpend ?? (simulator ? Infinity : DEFAULT_MAX_SPEND));
  const client = createGatewayClient(
    {
      baseUrl,
      apiKey: options.apiKey,
      managementKey,
      transport: send,
      budget,
      spend,
      timeoutMs: options.timeoutMs,
      headers: options.headers,
      allowVideos: includeVideos,
      sleep: options.sleep,
      ...(simulator ? { sequences: new Map<string, number>() } : {}),
    },
    counters,
  );
  return { simulator, includeVideos, managementKey, budget, spend, client };
}

/** The preflight, then the models the checks use (the user's, else picked from the target's lists), and the target as the report names it. */
async function discoverTarget(
  options: ConformanceOptions,
  runClient: GatewayClient,
  { baseUrl, simulator, includeVideos }: { baseUrl: string; simulator: SimulatorInfo | undefined; includeVideos: boolean },
) {
  let pre: Preflight;
  if (options.preflight === false) pre = { ok: true, steps: [] };
  else pre = await runPreflight(runClient, { model: options.model, pickModel });
  options.onProgress?.({ kind: 'preflight', preflight: pre });
  const listed = pre.models ?? (options.preflight === false && !options.model ? await modelList(runClient, '/models') : undefined);
  const model = options.model ?? (listed ? pickModel(listed) : undefined) ?? 'openai/gpt-4o-mini';
  const reasoningModel = options.reasoningModel ?? (listed ? pickReasoningModel(listed) : undefined);
  let videoModel = options.videoModel;
  if (pre.ok && includeVideos && !videoModel) {
    const videoList = await modelList(runClient, '/videos/models');
    videoModel = (videoList ? pickVideoModel(videoList, true) : undefined) ?? (listed ? pickVideoModel(listed, false) : undefined);
  }
  const target: ConformanceReport['target'] = {
    baseUrl,
    simulator: simulator !== undefined,
    ...(simulator ? { clock: simulator.clock } : {}),
    model,
    ...(reasoningModel ? { reasoningModel } : {}),
    ...(videoModel ? { videoModel } : {}),
    includeVideos,
  };
  return { pre, model, reasoningModel, videoModel, target };
}

/** The report's summary: counts by verdict (inferred rules' failures are advice unless strict), what was spent, and the statement. */
function summaryOf(
  results: readonly CheckResult[],
  run: {
    options: ConformanceOptions;
    pre: Preflight;
    counters: ClientCounters;
    budget: ReturnType<typeof createRequestBudget>;
    spend: SpendBudget;
    smallestBudget: number;
    started: number;
  },
): ConformanceReport['summary'] {
  const { options, pre, counters, budget, spend, smallestBudget, started } = run;
  const strict = options.strict ?? false;
  const count = (s: CheckResult['status']) => results.filter((r) => r.status === s).length;
  const advice = results.filter((r) => r.status === 'failed' && r.source === 'inferred').length;
  const verdicts = summarizeVerdicts(results, strict);
  const failed = count('failed') - (strict ? 0 : advice);
  return {
    total: results.length,
    passed: count('passed'),
    failed,
    skipped: count('skipped'),
    error: count('error'),
    inconclusive: count('inconclusive'),
    advice,
    ok: pre.ok && failed === 0 && count('error') === 0,
    strict,
    requests: counters.requests,
    budget: { limit: budget.limit, used: budget.used(), smallest: smallestBudget },
    spend: { limit: Number.isFinite(spend.limit) ? spend.limit : null, used: roundUsd(spend.used()), unpriced: spend.unpriced() },
    retries: counters.retries,
    durationMs: Date.now() - started,
    statement: verdicts.statement,
    areas: verdicts.areas,
    unprobedRules: verdicts.unprobedRules,
  };
}

/** A sum of prices without its binary noise (prices are decimals of up to ~12 digits). */
function roundUsd(n: number): number {
  return Math.round(n * 1e12) / 1e12;
}

function toResult(
  check: Check,
  outcome: CheckOutcome,
  spent: {
    requests: number;
    paid: number;
    durationMs: number;
    run: { baseUrl: string; seed: number; runs: number; model: string; options: ConformanceOptions };
  },
): CheckResult {
  const { run } = spent;
  // A failure is judged by the rules its answer breaks: advice when those are all inferred.
  const broken = outcome.status === 'failed' ? outcome.rules : undefined;
  const base = {
    id: check.id,
    spec: check.spec,
    title: check.title,
    rules: check.rules,
    source: checkSource(broken && broken.length > 0 ? { rules: broken } : check),
    status: outcome.status,
    requests: spent.requests,
    paid: spent.paid,
    durationMs: spent.durationMs,
    ...(broken && broken.length > 0 ? { broken } : {}),
  };
  if (outcome.status === 'passed') {
    const probed = { examples: outcome.probed?.examples ?? spent.requests, rules: outcome.probed?.rules.length ? outcome.probed.rules : check.rules };
    return outcome.reason ? { ...base, reason: outcome.reason, probed } : { ...base, probed };
  }
  if (outcome.status === 'skipped') return { ...base, reason: outcome.reason, unprobed: outcome.unprobed ?? check.rules };
  // A check judging other checks' exchanges (the always-on oracles) replays with the check that sent it.
  const only = [...(outcome.status === 'failed' ? (outcome.with ?? []) : []), check.id].join(',');
  const args = [
    'gatewaykit conform',
    `--base-url ${shellArg(run.baseUrl)}`,
    `--only ${shellArg(only)}`,
    `--seed ${run.seed}`,
    `--runs ${run.runs}`,
    `--model ${shellArg(run.model)}`,
  ];
  for (const [name, value] of Object.entries(run.options.headers ?? {})) args.push(`--header ${shellArg(`${name}: ${value}`)}`);
  if (run.options.simulator !== undefined && run.options.simulator !== 'auto') args.push(`--simulator ${run.options.simulator ? 'yes' : 'no'}`);
  if (run.options.includeVideos !== undefined) args.push(run.options.includeVideos ? '--include-videos' : '--no-include-videos');
  const path = outcome.status === 'failed' ? outcome.path : undefined;
  if (path) args.push(`--replay ${shellArg(path)}`);
  const replay: Replay = { seed: run.seed, ...(path ? { path } : {}), command: args.join(' ') };
  const counterexample = outcome.counterexample;
  return {
    ...base,
    reason: outcome.reason,
    ...(outcome.status === 'inconclusive' ? { owner: outcome.owner } : {}),
    ...(counterexample ? { counterexample, curl: toCurl(run.baseUrl, counterexample, run.options.headers) } : {}),
    ...((outcome.status === 'failed' || outcome.status === 'inconclusive') && outcome.observed ? { observed: outcome.observed } : {}),
    replay,
    ...(outcome.status === 'failed' && outcome.shrinks !== undefined ? { shrinks: outcome.shrinks } : {}),
  };
}
