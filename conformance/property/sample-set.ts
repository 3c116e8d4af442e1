import type { CheckContext, Owed } from '../check.ts';
import type { Probe } from '../client/probe.ts';
import { sharedSamples, type Sample } from './judge-shared.ts';
import { paidCount } from './owed-probes.ts';

/** A set of sample probes sent once a run under `key` and judged by several checks. */
export interface SampleSet {
  readonly key: string;
  /** The answers, sent on first ask (judge-shared.ts). */
  samples(ctx: CheckContext): Promise<readonly Sample[]>;
  /** The requests the set takes from the budget. */
  paid(ctx: CheckContext): number;
}

/**
 * The sample set `key` of the probes `probes` gives for a run.
 *
 * @example
 * const plain = sampleSet('chat.json', (ctx) => chatSamples(ctx, false));
 * const answers = await plain.samples(ctx);
 */
export function sampleSet(key: string, probes: (ctx: CheckContext) => readonly { label: string; probe: Probe }[]): SampleSet {
  return {
    key,
    samples: (ctx) => sharedSamples(ctx, key, probes(ctx)),
    paid: (ctx) => paidCount(probes(ctx).map((s) => s.probe)),
  };
}

/**
 * What a check that judges only these sample sets owes (`Check.owes`): each set paid once a run.
 *
 * @example
 * owes: owesSampleSets(plain, streamed),
 */
export function owesSampleSets(...sets: readonly SampleSet[]): (ctx: CheckContext) => Owed {
  return (ctx) => ({ own: 0, shared: Object.fromEntries(sets.map((set) => [set.key, set.paid(ctx)])) });
}
