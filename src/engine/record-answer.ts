import { cancelledGeneration } from '../account/cancelled-generation.ts';
import type { GenerationRecord } from '../account/generation-record.ts';
import { buildResponse } from '../generation/build-response.ts';
import type { ResponseResult } from '../generation/output-items.ts';
import { responseGeneration } from '../generation/response-generation.ts';
import { textGenerationContent } from '../generation/text-generation-content.ts';
import type { RequestContext } from '../http/route.ts';
import { answerTimes, type GenerationTimes } from '../timing/answer-times.ts';
import { WHOLE_DELIVERY, type Delivery } from '../types/delivery.ts';
import type { AdmittedRequest } from './admit-request.ts';
import type { AnswerOutput } from './answer-output.ts';
import type { Engine } from './create-engine.ts';
import type { HeldAnswer } from './hold-credits.ts';
import { instructionsOf, type RoutedRequest } from './route-request.ts';
import { realisticTiming } from '../timing/realistic-timing.ts';

/** The result of one answer, its record and how it is charged. */
export interface RecordedAnswer {
  readonly result: ResponseResult;
  /** The draw of the result's id (`resp_<draw>`), replayed by the answer memo. */
  readonly responseDraw: string;
  readonly generationId: string;
  readonly times: GenerationTimes;
  readonly realistic: boolean;
  readonly providerName: string;
  /** The generation record, undefined for an answer realistic timing turns into a 408 or 524. */
  readonly recorded: GenerationRecord | undefined;
  readonly records: GenerationRecord[];
  /** Charge the answer (once), for what the client got. */
  readonly settle: (delivery?: Delivery) => void;
}

/**
 * The engine's record stage: the spec 2.2 result, its times on the routed endpoint, and the one
 * generation record that `GET /generation` and the key's usage see. The record is charged once
 * the answer is out (the dispatcher runs `settle` then): a failure before is not delivered and
 * releases the hold, a stream the client left is charged its share (docs/account.md).
 */
export function recordAnswer(
  engine: Engine,
  admitted: AdmittedRequest,
  routed: RoutedRequest,
  held: HeldAnswer,
  output: AnswerOutput,
  responseDraw: string,
  ctx: RequestContext,
): RecordedAnswer {
  const { env } = engine;
  const { request, effective, input, stream, fault, sessionId, apiKey } = admitted;
  const { decision, modelId, gatewayMetadata } = routed;
  const { built, usage } = output;
  const result = buildResponse({ request, id: `resp_${responseDraw}`, now: ctx.receivedAt, modelId, built, usage, gatewayMetadata });
  // reference README: every response carries X-Generation-Id; this one belongs to the result.
  const generationId = ctx.generationId();
  const realistic = realisticTiming(ctx.simulation, env.timing);
  const times = answerTimes(decision.endpoint, usage.output_tokens, realistic);
  const providerName = env.catalog.providers.find((p) => p.slug === decision.provider)?.name ?? decision.provider;
  const records: GenerationRecord[] = [];
  let recorded: GenerationRecord | undefined;
  // An answer that realistic timing turns into a 408 or 524 is not an answer, and costs nothing.
  if (times.latencyMs <= env.timing.firstTokenTimeoutMs && times.generationTimeMs <= env.timing.generationTimeoutMs) {
    recorded = responseGeneration({
      id: generationId,
      result,
      usage,
      providerName,
      streamed: stream,
      failed: fault === 'stream-error',
      receivedAt: ctx.receivedAt,
      times,
      apiKey: apiKey.key,
      sessionId,
      user: request.user,
      headers: ctx.request.headers,
      content: textGenerationContent(instructionsOf(effective), input.turns, result),
    });
    records.push(recorded);
  }
  const { reservation } = held;
  const settle = (delivery: Delivery = WHOLE_DELIVERY) => (recorded ? reservation.settle(cancelledGeneration(recorded, delivery)) : reservation.release());
  return { result, responseDraw, generationId, times, realistic, providerName, recorded, records, settle };
}
