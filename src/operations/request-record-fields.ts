import { callerHeaders, type CallerHeaders } from '../generation/caller-headers.ts';
import type { RequestContext } from '../http/route.ts';
import type { GenerationTimes } from '../timing/answer-times.ts';

/** The members of a generation record that come from the request itself, whatever the operation. */
export interface RequestRecordFields extends CallerHeaders {
  readonly createdAt: number;
  readonly latencyMs: number;
  readonly generationTimeMs: number;
  readonly apiKey: string;
}

/**
 * When the request came, its key, its answer's timing and the caller's headers, as a paid
 * operation's generation record keeps them.
 *
 * @example
 * hold.settle({ id, apiType: 'rerank', ..., ...requestRecordFields(ctx, apiKey.key, times) });
 */
export function requestRecordFields(ctx: Pick<RequestContext, 'receivedAt' | 'request'>, apiKey: string, times: GenerationTimes): RequestRecordFields {
  return {
    createdAt: ctx.receivedAt,
    latencyMs: times.latencyMs,
    generationTimeMs: times.generationTimeMs,
    apiKey,
    ...callerHeaders(ctx.request.headers),
  };
}
