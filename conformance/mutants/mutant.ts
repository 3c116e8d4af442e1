import type { FetchLike } from '../client/gateway-client.ts';

/**
 * A deliberately broken gateway: a wrapper around a real gateway's fetch that breaks ONE rule.
 * The suite must catch it with the check named in `caughtBy` (conformance/mutants.test.ts).
 */
export interface Mutant {
  readonly id: string;
  /** The rule it breaks, with its spec section. */
  readonly breaks: string;
  /** The catalogue ids of the rules it breaks (`gatewaykit conform --list`). */
  readonly rules?: readonly string[];
  /** The id of the check that targets that rule. */
  readonly caughtBy: string;
  /** Other checks to run first: the always-on oracles judge the exchanges of other checks. */
  readonly with?: readonly string[];
  /** Property runs it needs to be met (a bug in one of many rules): default 12. */
  readonly runs?: number;
  /** Break the target. `apiKey` is the valid key of the run (for mutants that skip auth). */
  wrap(fetch: FetchLike, context: { readonly apiKey: string }): FetchLike;
}
