import type { Probe } from './client/probe.ts';

/** How to reproduce a failure exactly. */
export interface Replay {
  readonly seed: number;
  /** fast-check counterexample path (property checks); absent for fixed boundary probes. */
  readonly path?: string;
  /** The CLI command that reproduces it (`--only <id> --seed S --replay PATH`). */
  readonly command: string;
}

export type CheckStatus = 'passed' | 'failed' | 'skipped';

export interface CheckResult {
  readonly id: string;
  readonly spec: string;
  readonly title: string;
  readonly status: CheckStatus;
  /** Why it failed or was skipped (or a note on a pass, e.g. budget ran out after k runs). */
  readonly reason?: string;
  /** The smallest request found that breaks the rule. */
  readonly counterexample?: Probe;
  readonly replay?: Replay;
  /** curl reproducing the counterexample; the key is `$GATEWAY_API_KEY`. */
  readonly curl?: string;
  /** HTTP requests this check sent. */
  readonly requests: number;
  readonly shrinks?: number;
}

export interface ConformanceReport {
  readonly seed: number;
  readonly target: {
    readonly baseUrl: string;
    readonly simulator: boolean;
    readonly clock?: 'virtual' | 'system';
    readonly model: string;
    readonly videoModel?: string;
  };
  readonly checks: readonly CheckResult[];
  readonly summary: {
    readonly total: number;
    readonly passed: number;
    readonly failed: number;
    readonly skipped: number;
    /** True when no check failed (skips allowed): the CLI exits 0. */
    readonly ok: boolean;
    readonly requests: number;
    /** Paid requests (generations, video jobs) against the limit (`--max-requests`). */
    readonly budget: { readonly limit: number; readonly used: number };
    /** 429 answers waited out (Retry-After) and retried. */
    readonly retries: number;
  };
}

/** Live progress of a run. */
export type ProgressEvent =
  | { readonly kind: 'start'; readonly total: number; readonly target: ConformanceReport['target']; readonly seed: number }
  | { readonly kind: 'check'; readonly index: number; readonly total: number; readonly result: CheckResult };
