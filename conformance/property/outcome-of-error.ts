import type { CheckOutcome } from '../check.ts';
import type { Probe } from '../client/probe.ts';
import { BudgetExhaustedError } from '../client/request-budget.ts';
import { TransportError, VideosDisabledError } from '../client/transport-error.ts';

/**
 * The verdict when sending failed: the budget or `--include-videos` say no (skipped, with the
 * reason), the target gave no answer (error, with the cause). Anything else is a bug in the check
 * and is thrown on.
 *
 * @example
 * outcomeOfError(new BudgetExhaustedError(0), probe); // { status: 'skipped', reason: 'request budget exhausted ...' }
 */
export function outcomeOfError(error: unknown, probe?: Probe): CheckOutcome {
  if (error instanceof BudgetExhaustedError || error instanceof VideosDisabledError) return { status: 'skipped', reason: error.message };
  if (error instanceof TransportError) return { status: 'error', reason: error.message, counterexample: error.probe };
  if (probe && error instanceof Error && error.name === 'AbortError')
    return { status: 'error', reason: `${probe.method} ${probe.path}: ${error.message}`, counterexample: probe };
  throw error;
}

/** Errors that end a check without a verdict on the target. */
export function isSendError(error: unknown): boolean {
  return error instanceof BudgetExhaustedError || error instanceof VideosDisabledError || error instanceof TransportError;
}
