import type { Observed } from './check.ts';
import type { Probe } from './client/probe.ts';
import type { Preflight } from './preflight.ts';
import type { RuleSource } from './rules/rule.ts';

/** How to reproduce a failure exactly. */
export interface Replay {
  readonly seed: number;
  /** fast-check counterexample path (property checks); absent for fixed probes. */
  readonly path?: string;
  /** The CLI command that reproduces it (`--only <id> --seed S --replay PATH`). */
  readonly command: string;
}

/**
 * - `passed`: every answer judged kept the rule;
 * - `failed`: an answer broke it (counterexample, observed answer, replay);
 * - `skipped`: not run, with the reason (simulator-only, videos not enabled, budget spent);
 * - `error`: the target gave no answer (transport failure or timeout), with the cause;
 * - `inconclusive`: the check's precondition did not hold; `owner` names the check whose rule it is.
 */
export type CheckStatus = 'passed' | 'failed' | 'skipped' | 'error' | 'inconclusive';

export interface CheckResult {
  readonly id: string;
  readonly spec: string;
  readonly title: string;
  /** The catalogue rules the check judges. */
  readonly rules: readonly string[];
  /**
   * `inferred` when every rule is inferred (for a failure: every rule it breaks): a failure is
   * advice, and fails the run only with `--strict`.
   */
  readonly source: RuleSource;
  /** A pass: how many answers were judged and the rules they probed. */
  readonly probed?: { readonly examples: number; readonly rules: readonly string[] };
  /** A failure: the rules the observed answer breaks. */
  readonly broken?: readonly string[];
  /** Rules of the check left unprobed (a budget too small, a skip). */
  readonly unprobed?: readonly string[];
  readonly status: CheckStatus;
  /** Why it failed, was skipped, errored or could not judge (or a note on a pass). */
  readonly reason?: string;
  /** For `inconclusive`: the check that owns the precondition that did not hold. */
  readonly owner?: string;
  /** The smallest request found that breaks the rule (or that could not be judged). */
  readonly counterexample?: Probe;
  /** What the target answered to it: status, headers, the first 2 KB of the body. */
  readonly observed?: Observed;
  readonly replay?: Replay;
  /** curl reproducing the counterexample; the key is `$GATEWAY_API_KEY`. */
  readonly curl?: string;
  /** HTTP requests this check sent (shared samples are counted where they were first sent). */
  readonly requests: number;
  /** Of those, requests to paid operations: what this check spent of the budget. */
  readonly paid: number;
  /** Wall time of the check. */
  readonly durationMs: number;
  readonly shrinks?: number;
}

export interface ConformanceReport {
  readonly seed: number;
  readonly target: {
    readonly baseUrl: string;
    readonly simulator: boolean;
    readonly clock?: 'virtual' | 'system';
    readonly model: string;
    readonly reasoningModel?: string;
    readonly videoModel?: string;
    readonly includeVideos: boolean;
  };
  readonly preflight: Preflight;
  readonly checks: readonly CheckResult[];
  readonly summary: {
    readonly total: number;
    readonly passed: number;
    /** Failures of spec and reference rules (and of inferred ones with `strict`). */
    readonly failed: number;
    readonly skipped: number;
    readonly error: number;
    readonly inconclusive: number;
    /** Failures of inferred rules, reported as advice (counted in `failed` only with `strict`). */
    readonly advice: number;
    /**
     * True when the preflight passed, nothing failed and nothing errored: the CLI exits 0. (Exit 1:
     * something failed; exit 3: the target could not be tested.)
     */
    readonly ok: boolean;
    readonly strict: boolean;
    readonly requests: number;
    /**
     * Requests to paid operations against the limit (`--max-requests`), and the smallest limit at
     * which this selection probes every rule (the preflight's paid request and what every check owes).
     */
    readonly budget: { readonly limit: number; readonly used: number; readonly smallest: number };
    /**
     * The paid requests weighed at their worst-case price, USD, against the limit (`--max-spend`;
     * null: no cap, the simulator's default), and the paid requests the target listed no price for
     * (weighed at nothing: only the request budget bounds them).
     */
    readonly spend: { readonly limit: number | null; readonly used: number; readonly unpriced: number };
    /** Retries: 429s waited out, GETs tried again after a transport failure. */
    readonly retries: number;
    readonly durationMs: number;
    /** One line on how conformant the target is, for the rules this run probed. */
    readonly statement: string;
    /** The checks by area (auth, errors, validation, result, streams, ...). */
    readonly areas: readonly AreaSummary[];
    /** Catalogue rules of the selected checks that no answer of this run probed. */
    readonly unprobedRules: readonly string[];
  };
}

/** The verdicts of one area of the spec (the first segment of the check ids). */
export interface AreaSummary {
  readonly area: string;
  readonly passed: number;
  readonly failed: number;
  readonly advice: number;
  readonly skipped: number;
  readonly error: number;
  readonly inconclusive: number;
}

/** Live progress of a run. */
export type ProgressEvent =
  | { readonly kind: 'start'; readonly total: number; readonly target: ConformanceReport['target']; readonly seed: number }
  | { readonly kind: 'preflight'; readonly preflight: Preflight }
  | { readonly kind: 'heartbeat'; readonly id: string; readonly elapsedMs: number; readonly requests: number }
  | { readonly kind: 'check'; readonly index: number; readonly total: number; readonly result: CheckResult };
