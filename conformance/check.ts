import type { GatewayClient } from './client/gateway-client.ts';
import type { Exchange } from './client/exchange.ts';
import type { Observed } from './client/observed.ts';
import type { Probe } from './client/probe.ts';

/**
 * What a check needs beyond a base URL and a key:
 * - `simulator`: the gatewaykit simulator's controls (fault headers, clock, moderation marker);
 *   skipped against anything else, with the reason in the report.
 * - `videos`: sends requests to `/videos` (a submit is paid on a live gateway): runs only with
 *   `includeVideos` (on by default against the simulator only).
 */
export type Requirement = 'simulator' | 'videos';

/** The simulator, when the target is one (probe of `GET {origin}/__gatewaykit/clock`). */
export interface SimulatorInfo {
  readonly origin: string;
  readonly clock: 'virtual' | 'system';
}

/** Problems found by an oracle; empty means the rule holds. */
export type Problems = readonly string[];

/**
 * An oracle could not judge the answer: the precondition it states (a status, a content type,
 * at least one event) did not hold. `owner` is the check whose rule that precondition is.
 */
export interface Inconclusive {
  readonly inconclusive: string;
  readonly owner: string;
}

/** What an oracle says about one answer: the problems it found (none: the rule holds) or that it cannot judge it. */
export type Judgement = Problems | Inconclusive;

/** Is this judgement "could not judge"? */
export function isInconclusive(j: Judgement): j is Inconclusive {
  return !Array.isArray(j) && typeof (j as Inconclusive).inconclusive === 'string';
}

export type { Observed } from './client/observed.ts';

/** The verdict of one check, before the runner adds the id, timing, spend, replay command and curl. */
/** How strong a pass is: how many answers were judged and which catalogue rules they probed. */
export interface Probed {
  readonly examples: number;
  readonly rules: readonly string[];
}

export type CheckOutcome =
  | { readonly status: 'passed'; readonly reason?: string; readonly probed?: Probed }
  /** `unprobed`: the check's rules it could not probe (the budget was too small), named in the summary. */
  | { readonly status: 'skipped'; readonly reason: string; readonly unprobed?: readonly string[] }
  /** A transport failure or a timeout: nothing was judged. */
  | { readonly status: 'error'; readonly reason: string; readonly counterexample?: Probe }
  /** The check's precondition did not hold; `owner` is the check that owns it. */
  | { readonly status: 'inconclusive'; readonly reason: string; readonly owner: string; readonly counterexample?: Probe; readonly observed?: Observed }
  | {
      readonly status: 'failed';
      /** What is wrong, in words that name the rule. */
      readonly reason: string;
      /** The (shrunk) request that shows it. */
      readonly counterexample?: Probe;
      /** What the target answered to it. */
      readonly observed?: Observed;
      /** fast-check path of the counterexample, for `--replay` (property checks only). */
      readonly path?: string;
      /** How many shrink steps fast-check took. */
      readonly shrinks?: number;
      /**
       * The catalogue rules this answer breaks, when the check judges several (default: all of the
       * check's). A failure of inferred rules only is advice.
       */
      readonly rules?: readonly string[];
      /** Checks whose requests this verdict judged (the always-on oracles): the replay runs them too. */
      readonly with?: readonly string[];
    };

/** Everything a check may use; one per run, shared by all checks. */
export interface CheckContext {
  /** The client of this check: its paid probes draw on the check's share of the budget. */
  readonly client: GatewayClient;
  /** Base URL of the API, without trailing slash. */
  readonly baseUrl: string;
  /** Path part of the base URL, e.g. `/api/v1` (spec 2.8: `polling_url` is a path). */
  readonly basePath: string;
  /** Model slug for generations (cheap by default). */
  readonly model: string;
  /** A model that reasons, when the target lists one (answer shape "reasoning"). */
  readonly reasoningModel: string | undefined;
  /** Video model slug, when one is known. */
  readonly videoModel: string | undefined;
  /** Requests may go to `/videos` (`--include-videos`, or the simulator). */
  readonly includeVideos: boolean;
  readonly seed: number;
  /** fast-check runs per property. */
  readonly runs: number;
  /**
   * Requests a property may have in flight at once (its runs' probes sent ahead, in run order).
   * Default 1: one at a time.
   */
  readonly concurrency?: number;
  /** fast-check path to replay (`--replay`), applies to the property of each selected check. */
  readonly replayPath: string | undefined;
  readonly simulator: SimulatorInfo | undefined;
  /** Probes may use `auth: 'management'`: the run has a management key (`--management-key`, spec 5.3). */
  readonly hasManagementKey?: boolean;
  /**
   * Memoise a value for the whole run (e.g. the sample answers judged by several checks). `make`
   * gets the run-wide client: what it sends draws on the whole budget, not on one check's share.
   * It is made by the first check in check order that asks for it (beside other checks, one asking
   * for a value not made yet waits for the checks before it), and its requests count for that check.
   */
  shared<T>(key: string, make: (client: GatewayClient) => Promise<T>): Promise<T>;
  /** Wait in real time (a live video job); injected by tests. */
  sleep(ms: number): Promise<void>;
  /** Every exchange of the run so far, with the check that sent it (the always-on oracles judge these). */
  exchanges(): readonly SentExchange[];
}

/** What a check owes before its random runs (see {@link Check.owes}). */
export interface Owed {
  /** Requests the check sends itself, on its share. */
  readonly own: number;
  /** Shared sample sets it judges: key -> how many requests the set sends (paid once a run). */
  readonly shared?: Readonly<Record<string, number>>;
}

/** One exchange of the run and the check that sent it. */
export interface SentExchange {
  readonly checkId: string;
  readonly exchange: Exchange;
}

/**
 * One conformance check: the rules it judges, one id, one verdict.
 *
 * @example
 * export const missingKey: Check = {
 *   id: 'auth.missing-key',
 *   spec: 'spec 5.2',
 *   rules: ['auth.no-key-401'],
 *   title: 'A request without credentials gets 401 with the error envelope',
 *   run: (ctx) => probeAll(ctx, [{ method: 'POST', path: '/responses', auth: 'none', body: {} }], expectError(401)),
 * };
 */
export interface Check {
  /** Dotted, stable id; the first segment is the group (`auth`, `stream`, ...). `--only stream.` selects a group. */
  readonly id: string;
  /** The spec section(s) it enforces, e.g. `spec 2.1, 8`. */
  readonly spec: string;
  /** Ids of the catalogue rules it judges (`gatewaykit conform --list`). */
  readonly rules: readonly string[];
  readonly title: string;
  readonly requires?: readonly Requirement[];
  /** Sends nothing to a paid operation (GET-only checks, the always-on oracles): takes no share of the budget. */
  readonly free?: boolean;
  /**
   * Runs alone, never beside other checks (`parallelChecks`). Default true. `false` only when
   * nothing about the check depends on what else the target serves meanwhile: it changes nothing
   * other checks see (the clock, video jobs, credits, a provider's faults, a rate limit), reads
   * nothing they change (credits, key usage, generation counts, video jobs) and does not read the
   * run's journal. What the simulator mints (ids, random chunking) is no reason to run alone: every
   * request names its check, and the simulator draws each check's ids from that check's own count
   * of answers, so a check's answers are the same whatever runs beside it.
   */
  readonly exclusive?: boolean;
  /**
   * The requests to paid operations the check needs before any random run: one per stratum, kind
   * of probe or fixed probe, and the shared samples it judges (by key: a sample set is paid once a
   * run, by the first check that asks). The runner keeps these back for the checks still to come
   * before a check's random runs get a share, so a larger budget never probes fewer rules.
   * Default `{ own: 1 }`, or nothing for a `free` check.
   */
  readonly owes?: (ctx: CheckContext) => Owed;
  run(ctx: CheckContext): Promise<CheckOutcome>;
}
