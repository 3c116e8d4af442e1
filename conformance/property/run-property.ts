import fc from 'fast-check';
import { isInconclusive, type CheckContext, type CheckOutcome, type Inconclusive, type Judgement, type Observed } from '../check.ts';
import { observedOf, type Exchange } from '../client/exchange.ts';
import type { Probe } from '../client/probe.ts';
import { BudgetExhaustedError } from '../client/request-budget.ts';
import { isSendError, outcomeOfError } from './outcome-of-error.ts';
import { ProblemsError } from './problems-error.ts';
import { sendAhead, type SentAhead } from './send-ahead.ts';

export interface PropertySpec<T> {
  readonly arbitrary: fc.Arbitrary<T>;
  /** The request a value stands for (shown as the counterexample and as curl). */
  readonly probe: (value: T) => Probe;
  /**
   * Judge the answer to `probe(value)`. Default: send the probe and apply `oracle`. Give `verify`
   * when a value needs more than one request.
   */
  readonly oracle?: (exchange: Exchange, value: T) => Judgement;
  readonly verify?: (value: T) => Promise<Judgement | { judgement: Judgement; exchange: Exchange }>;
  /** Runs of this property; default the run's `runs`. */
  readonly runs?: number;
}

/**
 * Run a property against the target with fast-check, shrinking any failure to the smallest request
 * that still breaks the rule. The seed is the run's; `ctx.replayPath` replays one counterexample.
 * Once the budget is spent or the target stops answering, the remaining runs (and shrinks) send
 * nothing. Verdicts: failed (a run broke the rule), inconclusive (no run could be judged),
 * error (the target gave no answer before anything was judged), passed otherwise.
 *
 * @example
 * return runProperty(ctx, { arbitrary: validRequestArb, probe: (body) => ({ method: 'POST', path: '/responses', body }), oracle: (exchange) => judgeOk(exchange) });
 */
export async function runProperty<T>(ctx: CheckContext, spec: PropertySpec<T>): Promise<CheckOutcome> {
  let stop: unknown;
  let judged = 0;
  let inconclusive: { judgement: Inconclusive; value: T; observed?: Observed } | undefined;
  const observed = new Map<T, Observed>();
  const verify =
    spec.verify ??
    (async (value: T) => {
      const exchange = await ctx.client.send(spec.probe(value));
      return { judgement: spec.oracle!(exchange, value), exchange };
    });
  // Runs of a plain probe-and-oracle property are independent requests: with `ctx.concurrency` > 1
  // they are sent ahead (see sendAhead), until the first failure; shrinking is one at a time.
  let ahead: SentAhead | undefined;
  let runIndex = 0;
  const property = fc.asyncProperty(spec.arbitrary, async (value) => {
    if (stop !== undefined) return;
    const index = runIndex++;
    let judgement: Judgement;
    try {
      const fromAhead = ahead?.take(index, spec.probe(value));
      const result = fromAhead ? await fromAhead.then((exchange) => ({ judgement: spec.oracle!(exchange, value), exchange })) : await verify(value);
      if (Array.isArray(result) || isInconclusive(result as Judgement)) judgement = result as Judgement;
      else {
        const r = result as { judgement: Judgement; exchange: Exchange };
        judgement = r.judgement;
        observed.set(value, observedOf(r.exchange));
      }
    } catch (error) {
      ahead = undefined;
      if (isSendError(error)) {
        stop = error;
        return;
      }
      throw error;
    }
    if (isInconclusive(judgement)) {
      inconclusive ??= { judgement, value, ...(observed.has(value) ? { observed: observed.get(value)! } : {}) };
      return;
    }
    judged++;
    if (judgement.length > 0) {
      ahead = undefined;
      throw new ProblemsError(judgement);
    }
  });
  const params = { seed: ctx.seed, numRuns: spec.runs ?? ctx.runs, ...(ctx.replayPath !== undefined ? { path: ctx.replayPath } : {}) };
  const window = Math.floor(ctx.concurrency ?? 1);
  if (window > 1 && spec.verify === undefined && ctx.replayPath === undefined) {
    // The values fast-check will generate for this seed, in order: sampling the arbitrary walks the
    // same random stream with the same bias as the check (sampling the property does not). Should
    // a value ever differ, its run is sent then (sendAhead matches each run's probe).
    ahead = sendAhead(ctx.client, fc.sample(spec.arbitrary, params).map((value) => spec.probe(value)), window);
  }
  const sending = ahead;
  let details: fc.RunDetails<[T]>;
  try {
    details = await fc.check(property, params);
  } finally {
    // Sends past a failure settle here, inside this check (its requests, its journal entries).
    await sending?.settled();
  }
  if (details.failed && details.counterexample) {
    const [value] = details.counterexample;
    const error = details.errorInstance;
    if (!(error instanceof ProblemsError)) throw error;
    const seen = observed.get(value);
    return {
      status: 'failed',
      reason: error.problems.join('; '),
      counterexample: spec.probe(value),
      ...(seen ? { observed: seen } : {}),
      ...(details.counterexamplePath ? { path: details.counterexamplePath } : {}),
      shrinks: details.numShrinks,
    };
  }
  if (details.failed) throw details.errorInstance ?? new Error('property could not run');
  // No answer is not a pass: a transport failure or a timeout makes the verdict `error`.
  if (stop !== undefined && !(stop instanceof BudgetExhaustedError)) return outcomeOfError(stop);
  if (judged === 0) {
    if (inconclusive) {
      return {
        status: 'inconclusive',
        reason: inconclusive.judgement.inconclusive,
        owner: inconclusive.judgement.owner,
        counterexample: spec.probe(inconclusive.value),
        ...(inconclusive.observed ? { observed: inconclusive.observed } : {}),
      };
    }
    if (stop !== undefined) return outcomeOfError(stop);
    return { status: 'skipped', reason: 'no run could be judged' };
  }
  const notes: string[] = [];
  if (stop instanceof BudgetExhaustedError) notes.push(`request budget exhausted after ${judged} judged runs`);
  if (inconclusive) notes.push(`some runs not judged: ${inconclusive.judgement.inconclusive} (owned by ${inconclusive.judgement.owner})`);
  return notes.length > 0 ? { status: 'passed', reason: notes.join('; ') } : { status: 'passed' };
}
