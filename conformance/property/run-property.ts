import fc from 'fast-check';
import type { CheckContext, CheckOutcome, Problems } from '../check.ts';
import type { Probe } from '../client/probe.ts';
import { BudgetExhaustedError } from '../client/request-budget.ts';
import { ProblemsError } from './problems-error.ts';

export interface PropertySpec<T> {
  readonly arbitrary: fc.Arbitrary<T>;
  /** The request a value stands for (shown as the counterexample and as curl). */
  readonly probe: (value: T) => Probe;
  /** Send what the value needs and judge the answer; empty problems means it holds. */
  readonly verify: (value: T) => Promise<Problems>;
  /** Runs of this property; default the run's `runs`. */
  readonly runs?: number;
}

/**
 * Run a property against the target with fast-check, shrinking any failure to the smallest request
 * that still breaks the rule. The seed is the run's; `ctx.replayPath` replays one counterexample.
 * Paid probes past the budget are skipped (fast-check preconditions), so shrinking never overspends.
 */
export async function runProperty<T>(ctx: CheckContext, spec: PropertySpec<T>): Promise<CheckOutcome> {
  let budgetHit = false;
  let executed = 0;
  const property = fc.asyncProperty(spec.arbitrary, async (value) => {
    let problems: Problems;
    try {
      problems = await spec.verify(value);
    } catch (error) {
      if (error instanceof BudgetExhaustedError) {
        budgetHit = true;
        fc.pre(false);
      }
      throw error;
    }
    executed++;
    if (problems.length > 0) throw new ProblemsError(problems);
  });
  const details = await fc.check(property, {
    seed: ctx.seed,
    numRuns: spec.runs ?? ctx.runs,
    ...(ctx.replayPath !== undefined ? { path: ctx.replayPath } : {}),
  });
  if (details.failed && details.counterexample) {
    const [value] = details.counterexample;
    const error = details.errorInstance;
    const reason =
      error instanceof ProblemsError ? error.problems.join('; ') : `request failed: ${error instanceof Error ? error.message : String(error)}`;
    return {
      status: 'failed',
      reason,
      counterexample: spec.probe(value),
      path: details.counterexamplePath ?? undefined,
      shrinks: details.numShrinks,
    } as CheckOutcome;
  }
  if (budgetHit) {
    return executed === 0
      ? { status: 'skipped', reason: 'request budget exhausted before this check could run (raise --max-requests)' }
      : { status: 'passed', reason: `request budget exhausted after ${executed} runs` };
  }
  if (details.failed) return { status: 'failed', reason: `property could not run: ${String(details.errorInstance ?? 'too many skipped runs')}` };
  return { status: 'passed' };
}
