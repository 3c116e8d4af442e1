import type { GatewayClient } from './client/gateway-client.ts';
import type { Probe } from './client/probe.ts';

/**
 * What a check needs beyond a base URL and a key:
 * - `simulator`: the gatewaykit simulator's controls (fault headers, clock, provider faults);
 *   skipped against anything else, with the reason in the report.
 * - `videos`: submits video jobs (paid on a live gateway): runs with `includeVideos`, or against
 *   the simulator unless `includeVideos: false`.
 */
export type Requirement = 'simulator' | 'videos';

/** The simulator, when the target is one (probe of `GET {origin}/__gatewaykit/clock`). */
export interface SimulatorInfo {
  readonly origin: string;
  readonly clock: 'virtual' | 'system';
}

/** Problems found by an oracle; empty means the rule holds. */
export type Problems = readonly string[];

/** The verdict of one check, before the runner adds the id, replay command and curl. */
export type CheckOutcome =
  | { readonly status: 'passed'; readonly reason?: string }
  | { readonly status: 'skipped'; readonly reason: string }
  | {
      readonly status: 'failed';
      /** What is wrong, in words that name the rule. */
      readonly reason: string;
      /** The (shrunk) request that shows it. */
      readonly counterexample?: Probe;
      /** fast-check path of the counterexample, for `--replay` (property checks only). */
      readonly path?: string;
      /** How many shrink steps fast-check took. */
      readonly shrinks?: number;
    };

/** Everything a check may use; one per run, shared by all checks. */
export interface CheckContext {
  readonly client: GatewayClient;
  /** Base URL of the API, without trailing slash. */
  readonly baseUrl: string;
  /** Path part of the base URL, e.g. `/api/v1` (spec 2.8: `polling_url` is a path). */
  readonly basePath: string;
  /** Model slug for generations (cheap by default). */
  readonly model: string;
  /** Video model slug, when one is known. */
  readonly videoModel: string | undefined;
  readonly seed: number;
  /** fast-check runs per property. */
  readonly runs: number;
  /** fast-check path to replay (`--replay`), applies to the property of each selected check. */
  readonly replayPath: string | undefined;
  readonly simulator: SimulatorInfo | undefined;
  /** Memoise a value for the whole run (e.g. one sample stream judged by several checks). */
  shared<T>(key: string, make: () => Promise<T>): Promise<T>;
}

/**
 * One conformance check: one rule of the spec, one id, one verdict.
 *
 * @example
 * export const missingKey: Check = {
 *   id: 'auth.missing-key',
 *   spec: 'spec 5.2',
 *   title: 'A request without credentials gets 401 with the error envelope',
 *   run: (ctx) => probeAll(ctx, [{ method: 'POST', path: '/responses', auth: 'none', body: {} }], expectError(401)),
 * };
 */
export interface Check {
  /** Dotted, stable id; the first segment is the group (`auth`, `stream`, ...). `--only stream.` selects a group. */
  readonly id: string;
  /** The spec section(s) it enforces, e.g. `spec 2.1, 8`. */
  readonly spec: string;
  readonly title: string;
  readonly requires?: readonly Requirement[];
  run(ctx: CheckContext): Promise<CheckOutcome>;
}
