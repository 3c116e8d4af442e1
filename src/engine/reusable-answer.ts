import { responseGeneration } from '../generation/response-generation.ts';
import type { AdmittedRequest } from './admit-request.ts';
import type { AnswerOutput } from './answer-output.ts';
import type { HeldAnswer } from './hold-credits.ts';
import { memoizable } from './plan-memo.ts';
import type { RecordedAnswer } from './record-answer.ts';
import type { RoutedRequest } from './route-request.ts';
import type { AnswerReuse } from './answer-reuse.ts';

/**
 * The second half of "may this answer be given again?": what the answer drew on. It may be given
 * again when it was made of the request, the key, the scripts, the clock's second and the ids
 * alone: no session, stored file or prompt cache took part, it was recorded (an answer to bill),
 * its ids were drawn apart from its content, and its plan is one the plan memo may keep
 * (plan-memo.ts `memoizable`: no tools, no plugin effect). Undefined when it may not. The first
 * half, the request's circumstances (simulation headers, timing, faults, presets, scripts), is
 * reuse-circumstances.ts, asked by the memo before the answer is made.
 */
export function reusableAnswer(
  admitted: AdmittedRequest,
  routed: RoutedRequest,
  held: HeldAnswer,
  output: AnswerOutput,
  recorded: RecordedAnswer,
): AnswerReuse | undefined {
  const { request, effective, stream, sessionId, storedFiles, apiKey } = admitted;
  const { items, usage } = output;
  const record = recorded.recorded;
  const reusable =
    sessionId === undefined &&
    storedFiles === 0 &&
    held.prompt.cacheableTokens === 0 &&
    record !== undefined &&
    !items.mixed &&
    memoizable(effective, routed.decision.effects);
  if (!reusable) return undefined;
  const { result, times, providerName } = recorded;
  return {
    responseDraw: recorded.responseDraw,
    itemDraws: items.values,
    itemDrawLengths: items.lengths,
    records: recorded.records,
    firstRecord: (at) =>
      responseGeneration({
        id: at.id,
        result,
        upstreamId: at.responseId,
        usage,
        providerName,
        streamed: stream,
        receivedAt: at.receivedAt,
        times,
        apiKey: apiKey.key,
        sessionId: undefined,
        user: request.user,
        headers: at.headers,
        content: record.content,
      }),
  };
}
