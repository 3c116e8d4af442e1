/** How a surface names the two ways a text answer ends: finished, or cut at the token cap. */
export interface StopNames {
  /** The reference schema the names come from, for the problem text. */
  readonly where: string;
  /** The field that carries the reason (`finish_reason`, `stop_reason`). */
  readonly field: string;
  /** The cap's request member (`max_tokens`). */
  readonly cap: string;
  /** The usage member counting the answer's tokens (`completion_tokens`, `output_tokens`). */
  readonly counted: string;
  /** The reason of an answer that finished (`stop`, `end_turn`). */
  readonly finished: string;
  /** The reason of an answer cut at the cap (`length`, `max_tokens`). */
  readonly cut: string;
}

export const CHAT_STOP_NAMES: StopNames = {
  where: 'reference ChatFinishReasonEnum',
  field: 'finish_reason',
  cap: 'max_tokens',
  counted: 'completion_tokens',
  finished: 'stop',
  cut: 'length',
};
export const MESSAGES_STOP_NAMES: StopNames = {
  where: 'reference ORAnthropicStopReason',
  field: 'stop_reason',
  cap: 'max_tokens',
  counted: 'output_tokens',
  finished: 'end_turn',
  cut: 'max_tokens',
};

/**
 * The stop reason of a text answer judged by its usage, not by what the prompt was expected to
 * do (a gateway may well finish a "long story" in a few tokens):
 * - more tokens than the cap breaks the cap, whatever the reason;
 * - exactly at the cap the answer was cut: the reason is the cut one;
 * - under the cap it finished: the reason is the finished one;
 * - without a count (no usage) either reason is believed.
 *
 * @example
 * stopByUsageProblems(CHAT_STOP_NAMES, 'stop', 10, 16); // [] (finished in 10 of 16)
 * stopByUsageProblems(CHAT_STOP_NAMES, 'stop', 16, 16); // at the cap, so it was cut: length
 */
export function stopByUsageProblems(names: StopNames, reason: unknown, tokens: unknown, cap: unknown): string[] {
  const { where, field, finished, cut, counted } = names;
  const known = `"${finished}" or "${cut}"`;
  if (typeof tokens !== 'number' || typeof cap !== 'number') {
    return reason === finished || reason === cut ? [] : [`${where}: a text answer ends ${known}, ${field} was ${JSON.stringify(reason)}`];
  }
  if (tokens > cap) return [`${where}: usage counts ${tokens} ${counted}, past the cap ${names.cap} ${cap} (${field} ${JSON.stringify(reason)})`];
  if (tokens === cap)
    return reason === cut
      ? []
      : [`${where}: the answer reached the cap (${tokens} ${counted} of ${names.cap} ${cap}), so ${field} must be "${cut}", was ${JSON.stringify(reason)}`];
  return reason === finished
    ? []
    : [
        `${where}: the answer finished under the cap (${tokens} ${counted} of ${names.cap} ${cap}), so ${field} must be "${finished}", was ${JSON.stringify(reason)}`,
      ];
}
