import type { Check, CheckContext, CheckOutcome, Requirement, SimulatorInfo } from './check.ts';
import { createGatewayClient, type FetchLike } from './client/gateway-client.ts';
import { createRequestBudget } from './client/request-budget.ts';
import { toCurl } from './client/to-curl.ts';
import { detectSimulator } from './detect-simulator.ts';
import { ALL_CHECKS } from './registry.ts';
import type { CheckResult, ConformanceReport, ProgressEvent, Replay } from './report.ts';
import { resolveModel, resolveVideoModel } from './resolve-model.ts';
import { selectChecks } from './select-checks.ts';

/** Paid requests allowed against a target that is not the simulator, unless `maxRequests` says otherwise. */
export const DEFAULT_MAX_REQUESTS = 40;
/** Against the simulator requests cost nothing. */
export const SIMULATOR_MAX_REQUESTS = 5_000;
export const DEFAULT_RUNS = 25;

export interface ConformanceOptions {
  /** Base URL of the API, e.g. `http://127.0.0.1:8080/api/v1`. */
  readonly baseUrl: string;
  /** An ordinary API key with credits (spec 5). */
  readonly apiKey: string;
  /** Fetch to use; pass `gateway.fetch` to run in-process. Default: global fetch. */
  readonly fetch?: FetchLike;
  /** fast-check seed; default random (always reported). */
  readonly seed?: number;
  /** fast-check runs per property. Default 25. */
  readonly runs?: number;
  /** Check ids or group prefixes to run (`stream.`); default all. */
  readonly only?: readonly string[];
  /** Check ids or group prefixes to leave out. */
  readonly skip?: readonly string[];
  /** Submit video jobs (paid on a live gateway). Default: only against the simulator. */
  readonly includeVideos?: boolean;
  /** Model for generations. Default: the cheapest text model of `GET /models`. */
  readonly model?: string;
  /** Video model. Default: the first of `GET /videos/models`. */
  readonly videoModel?: string;
  /** Budget of paid requests for the whole run. Default 40 (5000 against the simulator). */
  readonly maxRequests?: number;
  /** Is the target the gatewaykit simulator? `auto` (default) probes `GET {origin}/__gatewaykit/clock`. */
  readonly simulator?: boolean | 'auto';
  /** fast-check path to replay (with `seed` and `only`), from a failure's `replay`. */
  readonly replay?: string;
  /** Live progress: one event at the start, one per finished check. */
  readonly onProgress?: (event: ProgressEvent) => void;
  /** The checks to choose from. Default: every registered check. */
  readonly checks?: readonly Check[];
  /** Injected into the client so tests never sleep on Retry-After. */
  readonly sleep?: (ms: number) => Promise<void>;
}

function skipReason(check: Check, simulator: SimulatorInfo | undefined, videos: boolean): string | undefined {
  const reasons: Record<Requirement, string | undefined> = {
    simulator: simulator ? undefined : 'needs the gatewaykit simulator controls (fault headers, clock); the target is not the simulator',
    videos: videos ? undefined : 'submits video jobs, which cost money on a live gateway; enable with --include-videos',
  };
  for (const r of check.requires ?? []) if (reasons[r]) return reasons[r];
  return undefined;
}

function shellArg(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * Run the conformance suite against a Gateway API and return the report as a value: it never
 * throws for a non-conforming target, only for a bug.
 *
 * @example
 * import { runConformance } from 'gatewaykit/conformance';
 * const report = await runConformance({ baseUrl: 'http://127.0.0.1:8080/api/v1', apiKey: 'sk-gw-test' });
 * if (!report.summary.ok) console.log(report.checks.filter((c) => c.status === 'failed'));
 *
 * @example
 * // in-process, no port: the simulator's own fetch
 * const gateway = createGateway();
 * await runConformance({ baseUrl: gateway.baseUrl, apiKey: 'sk-gw-test', fetch: gateway.fetch });
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const seed = options.seed ?? (Math.random() * 0x7fffffff) | 0;
  const runs = options.runs ?? DEFAULT_RUNS;
  const fetchFn: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  // The budget is decided once the target is known; the probes before that are free.
  const freeBudget = createRequestBudget(0);
  const probeClient = createGatewayClient({ baseUrl, apiKey: options.apiKey, fetch: fetchFn, budget: freeBudget, sleep: options.sleep });

  const simulatorOption = options.simulator ?? 'auto';
  let simulator: SimulatorInfo | undefined;
  if (simulatorOption === 'auto') simulator = await detectSimulator(probeClient);
  else if (simulatorOption) simulator = (await detectSimulator(probeClient)) ?? { origin: new URL(baseUrl).origin, clock: 'system' };

  const model = options.model ?? (await resolveModel(probeClient));
  const videos = options.includeVideos ?? simulator !== undefined;
  const videoModel = options.videoModel ?? (videos ? await resolveVideoModel(probeClient) : undefined);
  const budget = createRequestBudget(options.maxRequests ?? (simulator ? SIMULATOR_MAX_REQUESTS : DEFAULT_MAX_REQUESTS));
  const client = createGatewayClient({ baseUrl, apiKey: options.apiKey, fetch: fetchFn, budget, sleep: options.sleep });

  const memo = new Map<string, Promise<unknown>>();
  const ctx: CheckContext = {
    client,
    baseUrl,
    basePath: new URL(baseUrl).pathname.replace(/\/+$/, ''),
    model,
    videoModel,
    seed,
    runs,
    replayPath: options.replay,
    simulator,
    shared<T>(key: string, make: () => Promise<T>): Promise<T> {
      if (!memo.has(key)) memo.set(key, make());
      return memo.get(key) as Promise<T>;
    },
  };

  const target: ConformanceReport['target'] = {
    baseUrl,
    simulator: simulator !== undefined,
    ...(simulator ? { clock: simulator.clock } : {}),
    model,
    ...(videoModel ? { videoModel } : {}),
  };
  const checks = selectChecks(options.checks ?? ALL_CHECKS, { only: options.only, skip: options.skip });
  options.onProgress?.({ kind: 'start', total: checks.length, target, seed });

  const results: CheckResult[] = [];
  for (const [index, check] of checks.entries()) {
    const before = client.requestCount();
    const reason = skipReason(check, simulator, videos);
    let outcome: CheckOutcome;
    if (reason) outcome = { status: 'skipped', reason };
    else {
      try {
        outcome = await check.run(ctx);
      } catch (error) {
        // A throw out of a check is a bug in the check, not a verdict on the target; still report it.
        outcome = { status: 'failed', reason: `internal error in the check: ${error instanceof Error ? error.stack ?? error.message : String(error)}` };
      }
    }
    const result = toResult(check, outcome, client.requestCount() - before, { baseUrl, seed, runs, model, options });
    results.push(result);
    options.onProgress?.({ kind: 'check', index, total: checks.length, result });
  }

  const count = (s: CheckResult['status']) => results.filter((r) => r.status === s).length;
  return {
    seed,
    target,
    checks: results,
    summary: {
      total: results.length,
      passed: count('passed'),
      failed: count('failed'),
      skipped: count('skipped'),
      ok: count('failed') === 0,
      requests: client.requestCount() + probeClient.requestCount(),
      budget: { limit: budget.limit, used: budget.used() },
      retries: client.retryCount() + probeClient.retryCount(),
    },
  };
}

function toResult(
  check: Check,
  outcome: CheckOutcome,
  requests: number,
  run: { baseUrl: string; seed: number; runs: number; model: string; options: ConformanceOptions },
): CheckResult {
  const base = { id: check.id, spec: check.spec, title: check.title, status: outcome.status, requests };
  if (outcome.status === 'passed') return outcome.reason ? { ...base, reason: outcome.reason } : base;
  if (outcome.status === 'skipped') return { ...base, reason: outcome.reason };
  const args = [
    'gatewaykit conform',
    `--base-url ${shellArg(run.baseUrl)}`,
    '--api-key "$GATEWAY_API_KEY"',
    `--only ${shellArg(check.id)}`,
    `--seed ${run.seed}`,
    `--runs ${run.runs}`,
    `--model ${shellArg(run.model)}`,
  ];
  if (run.options.simulator !== undefined && run.options.simulator !== 'auto') args.push(`--simulator ${run.options.simulator ? 'yes' : 'no'}`);
  if (run.options.includeVideos !== undefined) args.push(run.options.includeVideos ? '--include-videos' : '--no-include-videos');
  if (outcome.path) args.push(`--replay ${shellArg(outcome.path)}`);
  const replay: Replay = { seed: run.seed, ...(outcome.path ? { path: outcome.path } : {}), command: args.join(' ') };
  return {
    ...base,
    reason: outcome.reason,
    ...(outcome.counterexample ? { counterexample: outcome.counterexample, curl: toCurl(run.baseUrl, outcome.counterexample) } : {}),
    replay,
    ...(outcome.shrinks !== undefined ? { shrinks: outcome.shrinks } : {}),
  };
}
