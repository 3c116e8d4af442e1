import { firstStop } from './first-stop.ts';
import type { ReplyPlan } from './reply-plan.ts';

/** A plan after its stop sequences: the plan the model finishes, and the sequence that ended it. */
export interface StoppedPlan {
  readonly plan: ReplyPlan;
  /** The stop sequence met; undefined when none occurs. */
  readonly stopSequence: string | undefined;
}

/**
 * The plan as a model with stop sequences writes it (reference `ChatRequest.stop`,
 * `MessagesRequest.stop_sequences`): the text ends just before the first sequence it meets (the
 * sequence is not part of the answer) and nothing is written after it, so the tool calls planned
 * after the text go. Reasoning is never searched (Anthropic's rule). The same plan when no
 * sequence occurs. The first sequence is the one whose end comes first, the longest on a tie
 * (`firstStop`).
 *
 * @example
 * applyStop({ text: 'One. Two. Three.' }, ['Two']).plan.text; // 'One. '
 */
export function applyStop(plan: ReplyPlan, stops: readonly string[] | undefined): StoppedPlan {
  if (plan.text === undefined || !stops || stops.length === 0) return { plan, stopSequence: undefined };
  const hit = firstStop(plan.text, stops);
  if (!hit) return { plan, stopSequence: undefined };
  const { calls: _calls, ...rest } = plan;
  return { plan: { ...rest, text: plan.text.slice(0, hit.at) }, stopSequence: hit.stop };
}
