import { responseGeneration } from '../generation/response-generation.ts';
import type { RequestContext } from '../http/route.ts';
import type { AdmittedRequest } from './admit-request.ts';
import type { AnswerOutput } from './answer-output.ts';
import type { HeldAnswer } from './hold-credits.ts';
import { memoizable } from './plan-memo.ts';
import type { RecordedAnswer } from './record-answer.ts';
import type { RoutedRequest } from './route-request.ts';
import type { AnswerReuse } from './answer-reuse.ts';

/**
 * How the answer may be given again, or undefined when it may not. An answer is a function of the
 * request, the key, the scripts, the clock's second and the ids alone when nothing else with state
 * or time took part: no session, stored file, fault, random chunking, realistic timing, prompt
 * cache, mixed draws or plugin effect (plan-memo.ts `memoizable`). Then the same request may be
 * answered from it again (a script's reply is fixed, and the memo keys the scripts in play).
 */
export function reusableAnswer(
  admitted: AdmittedRequest,
  routed: RoutedRequest,
  held: HeldAnswer,
  output: AnswerOutput,
  recorded: RecordedAnswer,
  ctx: RequestContext,
): AnswerReuse | undefined {
  const { request, effective, stream, sessionId, storedFiles, fault, apiKey } = admitted;
  const { items, usage } = output;
  const record = recorded.recorded;
  const reusable =
    sessionId === undefined &&
    storedFiles === 0 &&
    fault === undefined &&
    !ctx.simulation.randomChunking &&
    !recorded.realistic &&
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
