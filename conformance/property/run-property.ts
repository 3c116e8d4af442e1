import fc from 'fast-check';
import { isInconclusive, type CheckContext, type CheckOutcome, type Inconclusive, type Judgement, type Observed } from '../check.ts';
import { observedOf, type Exchange } from '../client/exchange.ts';
import type { Probe } from '../client/probe.ts';
import { BudgetExhaustedError } from '../client/request-budget.ts';
import { isSendError, outcomeOfError } from './outcome-of-error.ts';
import { ProblemsError } from './problems-error.ts';
import { sendAhead, type SentAhead } from './send-ahead.ts';
import { stratify, type Stratum, type Tagged } from './stratum.ts';

export interface PropertySpec<T> {
  /** The values to draw; default: every stratum's. One of `arbitrary` and `strata` is needed. */
  readonly arbitrary?: fc.Arbitrary<T>;
  /**
   * The kinds of input (one per rule broken, or per kind of probe): the smallest value of each is
   * sent first, then random ones. Each stratum's first example is owed above the check's share
   * of the budget; those the budget cannot cover are named, and the check is not passed.
   */
  readonly strata?: readonly Stratum<T>[];
  /** The catalogue rules of the check (what a pass probed, what a failure breaks by default). */
  readonly rules?: readonly string[];
  /** The rules a failing value breaks, when the check judges several. */
  readonly ruleOf?: (value: T) => readonly string[];
  /** The request a value stands for (shown as the counterexample and as curl). */
  readonly probe: (value: T) => Probe;
  /**
   * Judge the answer to `probe(value)`. Default: send the probe and apply `oracle`. Give `verify`
   * when a value needs more than one request.
   */
  readonly oracle?: (exchange: Exchange, value: T) => Judgement;
  readonly verify?: (value: T) => Promise<Judgement | { judgement: Judgement; exchange: Exchange }>;
  /** Runs of this property; default the run's `runs` (never fewer than the strata). */
  readonly runs?: number;
}

/** How many runs a property sends: its runs, and at least one per stratum. */
export function propertyRuns(ctx: Pick<CheckContext, 'runs'>, spec: Pick<PropertySpec<unknown>, 'runs' | 'strata'>): number {
  return Math.max(spec.runs ?? ctx.runs, spec.strata?.length ?? 0);
}

/** Why a property stopped for lack of budget: the run's budget is spent, or only this check's share. */
function budgetNote(ctx: CheckContext, judged: number): string {
  const root = ctx.client.budget.root();
  return root.remaining() === 0
    ? `the run's budget (${root.limit} requests to paid operations) was spent after ${judged} judged runs`
    : `its share of the budget (${ctx.client.budget.limit} requests) was spent after ${judged} judged runs`;
}

/** What the runs of one property found so far. */
interface RunState<T> {
  /** The send error that stopped the runs (budget spent, no answer). */
  stop: unknown;
  judged: number;
  failedOnce: boolean;
  readonly probedStrata: Set<number>;
  inconclusive: { judgement: Inconclusive; value: T; observed?: Observed } | undefined;
  /** The answer of each run, shown (observedOf) only for the one a verdict reports. */
  readonly observed: Map<Tagged<T>, Exchange>;
  /** Runs sent ahead (a plain probe-and-oracle property with `ctx.concurrency` > 1), until the first failure. */
  ahead: SentAhead | undefined;
  runIndex: number;
}

function shown<T>(state: RunState<T>, tagged: Tagged<T>): Observed | undefined {
  const exchange = state.observed.get(tagged);
  return exchange ? observedOf(exchange) : undefined;
}

type Verify<T> = (value: T) => Promise<Judgement | { judgement: Judgement; exchange: Exchange }>;

/** The judgement of one run (undefined once the runs stopped, or when a send error stops them now). */
async function judgementOf<T>(state: RunState<T>, spec: PropertySpec<T>, verify: Verify<T>, tagged: Tagged<T>): Promise<Judgement | undefined> {
  const index = state.runIndex++;
  const { value } = tagged;
  try {
    const fromAhead = state.ahead?.take(index, spec.probe(value));
    const result = fromAhead ? await fromAhead.then((exchange) => ({ judgement: spec.oracle!(exchange, value), exchange })) : await verify(value);
    if (Array.isArray(result) || isInconclusive(result as Judgement)) return result as Judgement;
    const r = result as { judgement: Judgement; exchange: Exchange };
    state.observed.set(tagged, r.exchange);
    return r.judgement;
  } catch (error) {
    state.ahead = undefined;
    if (!isSendError(error)) throw error;
    state.stop = error;
    return undefined;
  }
}

/** One run of the property: judged, counted, and thrown as a ProblemsError when it breaks the rule. */
async function runOnce<T>(state: RunState<T>, spec: PropertySpec<T>, verify: Verify<T>, tagged: Tagged<T>): Promise<void> {
  if (state.stop !== undefined) return;
  const judgement = await judgementOf(state, spec, verify, tagged);
  if (judgement === undefined) return;
  if (isInconclusive(judgement)) {
    if (!state.inconclusive) {
      const seen = shown(state, tagged);
      state.inconclusive = { judgement, value: tagged.value, ...(seen ? { observed: seen } : {}) };
    }
    return;
  }
  state.judged++;
  if (!state.failedOnce && tagged.stratum >= 0) state.probedStrata.add(tagged.stratum);
  if (judgement.length > 0) {
    state.failedOnce = true;
    state.ahead = undefined;
    throw new ProblemsError(judgement);
  }
}

/**
 * The runs sent ahead, when they can be: the values fast-check will generate for this seed, in
 * order: the examples, then what sampling the arbitrary gives (it walks the same random stream
 * with the same bias as the check; sampling the property does not). Should a value ever differ,
 * its run is sent then (sendAhead matches each run's probe).
 */
function sentAhead<T>(ctx: CheckContext, spec: PropertySpec<T>, arbitrary: fc.Arbitrary<Tagged<T>>, examples: readonly Tagged<T>[], numRuns: number) {
  const window = Math.floor(ctx.concurrency ?? 1);
  if (window <= 1 || spec.verify !== undefined || ctx.replayPath !== undefined) return undefined;
  const random = numRuns > examples.length ? fc.sample(arbitrary, { seed: ctx.seed, numRuns: numRuns - examples.length }) : [];
  return sendAhead(
    ctx.client,
    [...examples, ...random].map((t) => spec.probe(t.value)),
    window,
  );
}

/** The failed verdict of a shrunk counterexample, with the rules it breaks. */
function failedOutcome<T>(state: RunState<T>, spec: PropertySpec<T>, strata: readonly Stratum<T>[], details: fc.RunDetails<[Tagged<T>]>): CheckOutcome {
  const [tagged] = details.counterexample!;
  const { value } = tagged;
  const error = details.errorInstance;
  if (!(error instanceof ProblemsError)) throw error;
  const seen = shown(state, tagged);
  const broken = spec.ruleOf?.(value) ?? (tagged.stratum >= 0 ? strata[tagged.stratum]!.rules : undefined);
  return {
    status: 'failed',
    reason: error.problems.join('; '),
    counterexample: spec.probe(value),
    ...(seen ? { observed: seen } : {}),
    ...(details.counterexamplePath ? { path: details.counterexamplePath } : {}),
    shrinks: details.numShrinks,
    ...(broken ? { rules: broken } : {}),
  };
}

/** Nothing judged: inconclusive with the first reason, the send error, or skipped. */
function unjudgedOutcome<T>(state: RunState<T>, spec: PropertySpec<T>): CheckOutcome {
  const { inconclusive } = state;
  if (inconclusive) {
    return {
      status: 'inconclusive',
      reason: inconclusive.judgement.inconclusive,
      owner: inconclusive.judgement.owner,
      counterexample: spec.probe(inconclusive.value),
      ...(inconclusive.observed ? { observed: inconclusive.observed } : {}),
    };
  }
  if (state.stop !== undefined) return outcomeOfError(state.stop);
  return { status: 'skipped', reason: 'no run could be judged' };
}

/** The verdict of runs that broke nothing: passed, or skipped when a kind of input was never probed. */
function passedOutcome<T>(ctx: CheckContext, state: RunState<T>, spec: PropertySpec<T>, strata: readonly Stratum<T>[]): CheckOutcome {
  const { stop, inconclusive, judged, probedStrata } = state;
  const rulesOf = (indexes: Iterable<number>) => [...new Set([...indexes].flatMap((i) => strata[i]!.rules ?? spec.rules ?? []))];
  const notJudged = inconclusive ? `some runs not judged: ${inconclusive.judgement.inconclusive} (owned by ${inconclusive.judgement.owner})` : undefined;
  const unprobed = ctx.replayPath === undefined ? strata.map((_, i) => i).filter((i) => !probedStrata.has(i)) : [];
  if (unprobed.length > 0) {
    // Coverage is the point of the strata: a run that could not probe every kind is no pass.
    const labels = unprobed.map((i) => strata[i]!.label);
    const why = stop instanceof BudgetExhaustedError ? budgetNote(ctx, judged) : (notJudged ?? 'not reached');
    return {
      status: 'skipped',
      reason: `probed ${strata.length - unprobed.length} of ${strata.length} kinds of input (it needs at least ${strata.length} requests); not probed: ${labels.join(', ')} (${why})`,
      unprobed: rulesOf(unprobed).filter((r) => !rulesOf(probedStrata).includes(r)),
    };
  }
  const notes: string[] = [];
  if (stop instanceof BudgetExhaustedError) notes.push(budgetNote(ctx, judged));
  if (notJudged) notes.push(notJudged);
  const probed = { examples: judged, rules: strata.length > 0 ? rulesOf(probedStrata) : [...(spec.rules ?? [])] };
  return notes.length > 0 ? { status: 'passed', reason: notes.join('; '), probed } : { status: 'passed', probed };
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
  const strata = spec.strata ?? [];
  const stratified = strata.length > 0 ? stratify(strata, ctx.seed) : undefined;
  const arbitrary: fc.Arbitrary<Tagged<T>> | undefined = stratified?.arbitrary ?? spec.arbitrary?.map((value) => ({ stratum: -1, value }));
  if (!arbitrary) throw new Error('runProperty: give an arbitrary or strata');
  const examples = stratified?.examples ?? [];
  // The first example of every stratum is owed: it may go above the check's fair share.
  if (examples.length > 0 && ctx.replayPath === undefined) ctx.client.budget.ensure(examples.length);
  const state: RunState<T> = {
    stop: undefined,
    judged: 0,
    failedOnce: false,
    probedStrata: new Set(),
    inconclusive: undefined,
    observed: new Map(),
    ahead: undefined,
    runIndex: 0,
  };
  const verify: Verify<T> =
    spec.verify ??
    (async (value: T) => {
      const exchange = await ctx.client.send(spec.probe(value));
      return { judgement: spec.oracle!(exchange, value), exchange };
    });
  const property = fc.asyncProperty(arbitrary, (tagged) => runOnce(state, spec, verify, tagged));
  const numRuns = propertyRuns(ctx, spec);
  const params = {
    seed: ctx.seed,
    numRuns,
    examples: examples.map((e) => [e] as [Tagged<T>]),
    ...(ctx.replayPath !== undefined ? { path: ctx.replayPath } : {}),
  };
  state.ahead = sentAhead(ctx, spec, arbitrary, examples, numRuns);
  const sending = state.ahead;
  let details: fc.RunDetails<[Tagged<T>]>;
  try {
    details = await fc.check(property, params);
  } finally {
    // Sends past a failure settle here, inside this check (its requests, its journal entries).
    await sending?.settled();
  }
  if (details.failed && details.counterexample) return failedOutcome(state, spec, strata, details);
  if (details.failed) throw details.errorInstance ?? new Error('property could not run');
  // No answer is not a pass: a transport failure or a timeout makes the verdict `error`.
  if (state.stop !== undefined && !(state.stop instanceof BudgetExhaustedError)) return outcomeOfError(state.stop);
  if (state.judged === 0) return unjudgedOutcome(state, spec);
  return passedOutcome(ctx, state, spec, strata);
}
