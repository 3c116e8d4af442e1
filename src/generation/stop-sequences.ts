import type { ReplyPlan } from './reply-plan.ts';

/**
 * The stop sequences a request asks for (reference `ChatRequest.stop`: a string or up to four;
 * the chat surface checks them, the canonical request carries them as sent): the non-empty strings.
 *
 * @example
 * stopSequences({ stop: ['\n\n', ''] }); // ['\n\n']
 */
export function stopSequences(request: object): string[] {
  const stop = (request as { stop?: unknown }).stop;
  const list = typeof stop === 'string' ? [stop] : Array.isArray(stop) ? stop : [];
  return list.filter((s): s is string => typeof s === 'string' && s !== '');
}

/**
 * The plan with its text ended before the first stop sequence, as a model stops generating when
 * it would emit one (the sequence itself is not part of the answer). Reasoning and tool calls are
 * not cut. The same plan when no sequence occurs.
 *
 * @example
 * applyStop({ text: 'One. Two. Three.' }, ['Two']).text; // 'One. '
 */
export function applyStop(plan: ReplyPlan, stops: readonly string[]): ReplyPlan {
  if (plan.text === undefined || stops.length === 0) return plan;
  let end = -1;
  for (const s of stops) {
    const at = plan.text.indexOf(s);
    if (at >= 0 && (end < 0 || at < end)) end = at;
  }
  return end < 0 ? plan : { ...plan, text: plan.text.slice(0, end) };
}
