import { isInconclusive, type CheckContext, type CheckOutcome, type Judgement } from '../check.ts';
import { observedOf, type Exchange } from '../client/exchange.ts';
import type { Probe } from '../client/probe.ts';
import { BudgetExhaustedError } from '../client/request-budget.ts';
import { isSendError, outcomeOfError } from './outcome-of-error.ts';
import { sendAhead } from './send-ahead.ts';

/** A sample answer several checks judge: the probe and what came back (or why nothing did). */
export interface Sample {
  readonly label: string;
  readonly probe: Probe;
  readonly exchange?: Exchange;
  readonly error?: unknown;
}

/**
 * Send each probe once per run (memoised under `key`, on the run-wide budget) and keep the answers,
 * so several checks judge the same paid answers with their own oracles. A probe that cannot be
 * sent (budget, transport) is kept with its error; the others are sent all the same.
 *
 * @example
 * const samples = await sharedSamples(ctx, 'stream.samples', [{ label: 'completed', probe }]);
 */
export function sharedSamples(ctx: CheckContext, key: string, probes: readonly { label: string; probe: Probe }[]): Promise<readonly Sample[]> {
  return ctx.shared(key, async (client) => {
    const out: Sample[] = [];
    // Each sample is its own request, judged apart: sent up to `ctx.concurrency` ahead, in order.
    const ahead = sendAhead(
      client,
      probes.map((p) => p.probe),
      ctx.concurrency ?? 1,
    );
    try {
      for (const [index, { label, probe }] of probes.entries()) {
        try {
          out.push({ label, probe, exchange: await (ahead.take(index, probe) ?? client.send(probe)) });
        } catch (error) {
          if (!isSendError(error)) throw error;
          out.push({ label, probe, error });
        }
      }
    } finally {
      await ahead.settled();
    }
    return out;
  });
}

/**
 * Judge shared samples with one oracle. Failed when any sample breaks the rule; inconclusive when
 * none could be judged (each precondition failed; the first owner is named); passed otherwise,
 * noting the samples that could not be judged.
 *
 * @example
 * judgeSamples(await sharedSamples(ctx, 'stream.samples', probes), streamDoneProblems);
 */
export function judgeSamples(
  samples: readonly Sample[],
  oracle: (exchange: Exchange, sample: Sample) => Judgement,
  options: {
    /** The rules an answer's problems break, when the check judges several (default: all of the check's). */
    readonly rulesOf?: (problems: readonly string[], sample: Sample) => readonly string[];
  } = {},
): CheckOutcome {
  const judgedLabels: string[] = [];
  const notes: string[] = [];
  let firstInconclusive: CheckOutcome | undefined;
  let firstError: CheckOutcome | undefined;
  for (const sample of samples) {
    if (!sample.exchange) {
      const outcome = outcomeOfError(sample.error, sample.probe);
      firstError ??= outcome;
      notes.push(`${sample.label}: ${'reason' in outcome ? outcome.reason : ''}`);
      continue;
    }
    const judgement = oracle(sample.exchange, sample);
    if (isInconclusive(judgement)) {
      firstInconclusive ??= {
        status: 'inconclusive',
        reason: `${sample.label}: ${judgement.inconclusive}`,
        owner: judgement.owner,
        counterexample: sample.probe,
        observed: observedOf(sample.exchange),
      };
      notes.push(`${sample.label}: not judged (${judgement.inconclusive})`);
      continue;
    }
    if (judgement.length > 0) {
      const rules = options.rulesOf?.(judgement, sample);
      return {
        status: 'failed',
        reason: `${sample.label} answer: ${judgement.join('; ')}`,
        counterexample: sample.probe,
        observed: observedOf(sample.exchange),
        ...(rules ? { rules } : {}),
      };
    }
    judgedLabels.push(sample.label);
  }
  const judged = judgedLabels.length;
  // No answer is not a pass: a transport failure or a timeout makes the verdict `error`.
  if (firstError?.status === 'error') return firstError;
  if (judged === 0) return firstInconclusive ?? firstError ?? { status: 'skipped', reason: 'no sample answer to judge' };
  // Each sample is a kind of input (a stop cause, an answer shape): one the budget left unsent is no pass.
  const unsent = samples.filter((s) => !s.exchange && s.error instanceof BudgetExhaustedError).map((s) => s.label);
  if (unsent.length > 0)
    return { status: 'skipped', reason: `judged ${judged} of ${samples.length} sample answers; not sent for lack of budget: ${unsent.join(', ')}` };
  // A pass names what it judged: shared samples are paid by one check and judged by several, so the
  // requests a check sent are no measure of what its pass rests on.
  const named = `judged ${judged} answer${judged === 1 ? '' : 's'}: ${judgedLabels.join(', ')}`;
  const probed = { examples: judged, rules: [] };
  return notes.length > 0
    ? { status: 'passed', reason: `${named} (${judged} of ${samples.length}); ${notes.join('; ')}`, probed }
    : { status: 'passed', reason: named, probed };
}

/**
 * Judge one answer that several checks share (one paid generation, many rules).
 *
 * @example
 * judgeShared(ctx, 'result.sample', sampleProbe(ctx), resultShapeProblems);
 */
export async function judgeShared(ctx: CheckContext, key: string, probe: Probe, oracle: (exchange: Exchange) => Judgement): Promise<CheckOutcome> {
  return judgeSamples(await sharedSamples(ctx, key, [{ label: 'the', probe }]), oracle);
}
