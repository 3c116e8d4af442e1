import type { EmbeddingModel } from '../catalog/embedding-model.ts';
import type { EndpointPricing } from '../catalog/model-endpoint.ts';
import { nextTurn } from '../generation/tokenizer.ts';
import { usageCost } from '../generation/usage-cost.ts';
import type { EmbeddingsRequest, EmbeddingsResponse } from '../schemas/embeddings-request.ts';
import type { EmbeddingInput } from './embedding-inputs.ts';
import { embeddingVector } from './embedding-vector.ts';
import { encodeFloat32Base64 } from './encode-float32-base64.ts';

/** Features plus vector values handled between two turns of the event loop (a few ms of work). */
const WORK_PER_TURN = 100_000;

export interface BuildEmbeddingsInput {
  readonly id: string;
  readonly request: EmbeddingsRequest;
  readonly model: EmbeddingModel;
  readonly dimensions: number;
  readonly items: readonly EmbeddingInput[];
  readonly pricing: EndpointPricing;
  /** A BYOK request (docs/byok.md): the cost is the gateway fee. */
  readonly byok: boolean;
}

/**
 * The reference `createEmbeddings` answer: one unit vector per input in input order, as floats or
 * base64, with usage and cost from the serving endpoint's `prompt` price (embeddings produce no
 * completion tokens). Vectors depend on the input and the model only (never on the seed, the
 * provider or the encoding), so retrieval tests are stable.
 *
 * @example
 * (await buildEmbeddings({ id, request, model, dimensions: 1536, items, pricing, byok: false })).data[0].embedding.length; // 1536
 */
export async function buildEmbeddings(input: BuildEmbeddingsInput): Promise<EmbeddingsResponse> {
  const base64 = input.request.encoding_format === 'base64';
  const data: EmbeddingsResponse['data'] = [];
  // A large request (2048 inputs, or long texts) is built a share at a time, letting other
  // requests run between shares: work is counted in features and vector values.
  let work = 0;
  for (let index = 0; index < input.items.length; index++) {
    const features = (input.items[index] as EmbeddingInput).features();
    const vector = embeddingVector(features, input.dimensions, input.model.id);
    data.push({ object: 'embedding', embedding: base64 ? encodeFloat32Base64(vector) : vector, index });
    work += features.length + input.dimensions;
    if (work >= WORK_PER_TURN) {
      work = 0;
      await nextTurn();
    }
  }
  const promptTokens = input.items.reduce((n, item) => n + item.tokens, 0);
  const counts = {
    input_tokens: promptTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 0,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: promptTokens,
  };
  const cost = usageCost(counts, input.pricing, input.byok);
  return {
    id: input.id,
    object: 'list',
    data,
    model: input.model.id,
    usage: {
      prompt_tokens: promptTokens,
      total_tokens: promptTokens,
      cost: cost.cost,
      is_byok: cost.is_byok,
      // reference CostDetails names the two halves prompt and completions.
      cost_details: {
        upstream_inference_cost: cost.cost_details.upstream_inference_cost,
        upstream_inference_prompt_cost: cost.cost_details.upstream_inference_input_cost,
        upstream_inference_completions_cost: cost.cost_details.upstream_inference_output_cost,
      },
    },
  };
}
