import type { Reservation } from '../../account/reservation.ts';
import type { ApiKey } from '../../auth/api-key.ts';
import type { RequestContext } from '../../http/route.ts';
import type { EmbeddingsRequest } from '../../schemas/embeddings-request.ts';
import type { answerTimes } from '../../timing/answer-times.ts';
import { requestRecordFields } from '../request-record-fields.ts';

/** What an embeddings answer records for GET /generation. */
export interface EmbeddingsBill {
  readonly id: string;
  readonly model: string;
  readonly providerName: string;
  readonly usage: {
    readonly prompt_tokens: number;
    readonly cost: number;
    readonly is_byok: boolean;
    readonly cost_details: { readonly upstream_inference_cost: number | null };
  };
  readonly times: ReturnType<typeof answerTimes>;
}

/**
 * The paid embeddings answer, recorded under its X-Generation-Id (GET /generation).
 *
 * @example
 * recordEmbeddings(ctx, reservation, apiKey, request, { id, model: model.id, providerName, usage: result.usage, times });
 */
export function recordEmbeddings(
  ctx: Pick<RequestContext, 'request' | 'receivedAt'>,
  reservation: Reservation,
  apiKey: ApiKey,
  request: EmbeddingsRequest,
  bill: EmbeddingsBill,
): void {
  reservation.settle({
    id: bill.id,
    apiType: 'embeddings',
    model: bill.model,
    providerName: bill.providerName,
    streamed: false,
    finishReason: null,
    tokensPrompt: bill.usage.prompt_tokens,
    tokensCompletion: 0,
    cost: bill.usage.cost,
    upstreamCost: bill.usage.cost_details.upstream_inference_cost,
    isByok: bill.usage.is_byok,
    externalUser: request.user ?? null,
    ...requestRecordFields(ctx, apiKey.key, bill.times),
  });
}
