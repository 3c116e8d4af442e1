import type { GenerationContent } from '../account/generation-content.ts';
import type { GenerationRecord } from '../account/generation-record.ts';
import type { GenerationTimes } from '../timing/answer-times.ts';
import type { ResponseResult, ResponseUsage } from './output-items.ts';

/** The chat-style finish reason of a Responses result (reference `GenerationResponse.finish_reason`). */
function finishReason(result: ResponseResult, failed: boolean): string {
  if (failed) return 'error';
  if (result.incomplete_details?.reason === 'max_output_tokens') return 'length';
  if (result.incomplete_details?.reason === 'content_filter') return 'content_filter';
  return result.output.some((item) => item.type === 'function_call') ? 'tool_calls' : 'stop';
}

export interface ResponseGenerationInput {
  readonly id: string;
  readonly result: ResponseResult;
  readonly usage: ResponseUsage;
  readonly providerName: string;
  readonly streamed: boolean;
  /** The stream is made to fail mid-output (`X-Gatewaykit-Fault: stream-error`): it ends in `response.failed`. */
  readonly failed?: boolean;
  readonly receivedAt: number;
  readonly times: GenerationTimes;
  readonly apiKey: string;
  readonly sessionId: string | undefined;
  readonly user: string | undefined;
  readonly headers: Headers;
  /** The upstream id when it is not `result.id` (a replayed answer's, src/engine/answer-memo.ts). */
  readonly upstreamId?: string;
  /** The prompt and output text kept with the record (`GET /generation/content`). */
  readonly content?: GenerationContent;
}

/**
 * What `GET /generation` reports for one `POST /responses` answer.
 *
 * @example
 * env.account.recordGeneration(responseGeneration({ id, result, usage, ... }));
 */
export function responseGeneration(input: ResponseGenerationInput): GenerationRecord {
  const { result, usage } = input;
  const record: GenerationRecord = {
    id: input.id,
    apiType: 'completions',
    model: result.model,
    providerName: input.providerName,
    streamed: input.streamed,
    finishReason: finishReason(result, input.failed === true),
    nativeFinishReason: input.failed === true ? 'failed' : result.status,
    tokensPrompt: usage.input_tokens,
    tokensCompletion: usage.output_tokens,
    reasoningTokens: usage.output_tokens_details.reasoning_tokens,
    cachedTokens: usage.input_tokens_details.cached_tokens,
    cost: usage.cost ?? 0,
    completionCost: completionShare(usage),
    upstreamCost: usage.cost_details?.upstream_inference_cost ?? null,
    isByok: usage.is_byok ?? false,
    createdAt: input.receivedAt,
    latencyMs: input.times.latencyMs,
    generationTimeMs: input.times.generationTimeMs,
    apiKey: input.apiKey,
    sessionId: input.sessionId ?? null,
    externalUser: input.user ?? null,
    upstreamId: input.upstreamId ?? result.id,
    userAgent: input.headers.get('user-agent'),
    httpReferer: input.headers.get('http-referer') ?? input.headers.get('referer'),
    origin: input.headers.get('origin'),
  };
  // Added after, not spread in: an object literal with a spread is built member by member at run time.
  if (input.content) (record as { content?: GenerationContent }).content = input.content;
  return record;
}

/** The part of `usage.cost` the output tokens make: the cost split as the upstream's input and output costs split. */
function completionShare(usage: ResponseUsage): number {
  const input = usage.cost_details?.upstream_inference_input_cost ?? 0;
  const output = usage.cost_details?.upstream_inference_output_cost ?? 0;
  return input + output > 0 ? ((usage.cost ?? 0) * output) / (input + output) : 0;
}
