import type { Endpoint } from '../../src/operations/operation.ts';
import type { CheckContext, CheckOutcome, Problems } from '../check.ts';
import { observedOf, type Exchange } from '../client/exchange.ts';
import { errorMessage } from '../oracles/error-envelope.ts';
import { isSendError, outcomeOfError } from '../property/outcome-of-error.ts';
import { paidCount } from '../property/owed-probes.ts';
import { errorBodyProblems } from './answer-problems.ts';
import type { AnswerComponents } from './answer-validator.ts';
import type { OperationDeclaration, Refusal } from './operation-declaration.ts';

/** Is the answer one of the refusal's statuses, with the endpoint's error body? Pure. */
export function refusalProblems(
  endpointId: string,
  refusal: Refusal,
  answer: Pick<Exchange, 'status' | 'headers' | 'text'>,
  components: AnswerComponents,
): Problems {
  if (!refusal.statuses.includes(answer.status)) {
    const detail = answer.status >= 400 ? ` (${errorMessage(answer) || answer.text.slice(0, 120)})` : '';
    return [`${refusal.label}: expected HTTP ${refusal.statuses.join(' or ')}, got ${answer.status}${detail}`];
  }
  return errorBodyProblems(endpointId, answer, components).map((p) => `${refusal.label}: ${p}`);
}

/**
 * Send every refusal in order and judge each; the first that is not refused properly is the
 * verdict (every one is still sent, so the always-on oracles see them all). What a wrongly served
 * refusal created is removed at once (`cleanup`).
 */
export async function refuseAll(
  ctx: CheckContext,
  declaration: OperationDeclaration,
  endpoint: Endpoint,
  refusals: readonly Refusal[],
  components: AnswerComponents,
): Promise<CheckOutcome> {
  let first: CheckOutcome | undefined;
  // Every refusal is a kind of input the check owes: it may go above the check's fair share.
  ctx.client.budget.ensure(paidCount(refusals.map((r) => r.probe)));
  for (const refusal of refusals) {
    let answer: Exchange;
    try {
      answer = await ctx.client.send(refusal.probe, { retryOn429: true });
    } catch (error) {
      if (first) return first;
      if (isSendError(error)) return outcomeOfError(error, refusal.probe);
      throw error;
    }
    const undo = answer.status < 300 ? declaration.cleanup?.(answer) : undefined;
    if (undo) await ctx.client.send(undo).catch(() => undefined);
    const problems = refusalProblems(endpoint.id, refusal, answer, components);
    if (problems.length > 0)
      first ??= { status: 'failed', reason: problems.join('; '), counterexample: refusal.probe, observed: observedOf(answer), rules: [refusal.rule] };
  }
  return first ?? { status: 'passed', probed: { examples: refusals.length, rules: [...new Set(refusals.map((r) => r.rule))] } };
}
