import type { Catalog } from './catalog.ts';
import type { TextModel } from './text-model.ts';
import { listedParameters } from './listed-parameters.ts';

/**
 * The reference `Model` object `GET /models` lists for a catalogue model. Pricing and
 * `top_provider` describe the model's first endpoint (the catalogue lists the top provider
 * first); prices are USD per token strings as in the reference `PublicPricing`.
 *
 * @example
 * const data = catalog.models.map((m) => modelListing(m, catalog, '/api/v1'));
 */
export function modelListing(model: TextModel, catalog: Catalog, basePath: string): Record<string, unknown> {
  const top = model.endpoints[0];
  const provider = catalog.providers.find((p) => p.slug === top?.provider);
  const inputs = model.input_modalities;
  const outputs = model.output_modalities;
  const b = model.benchmarks;
  const hasBenchmarks = b.intelligence_index !== null || b.coding_index !== null || b.agentic_index !== null;
  return {
    id: model.id,
    canonical_slug: model.canonical_slug ?? model.id,
    hugging_face_id: null,
    name: model.name,
    created: model.created,
    description: model.description,
    context_length: model.context_length,
    architecture: {
      modality: `${inputs.join('+')}->${outputs.join('+')}`,
      input_modalities: inputs,
      output_modalities: outputs,
      tokenizer: model.tokenizer,
      instruct_type: null,
    },
    pricing: {
      prompt: top?.pricing.prompt ?? '0',
      completion: top?.pricing.completion ?? '0',
      request: top?.pricing.request ?? '0',
      image: top?.pricing.image ?? '0',
      ...(top?.pricing.input_cache_read !== undefined ? { input_cache_read: top.pricing.input_cache_read } : {}),
      ...(top?.pricing.internal_reasoning !== undefined ? { internal_reasoning: top.pricing.internal_reasoning } : {}),
    },
    top_provider: {
      context_length: top?.context_length ?? model.context_length,
      max_completion_tokens: top?.max_completion_tokens ?? model.max_completion_tokens ?? null,
      is_moderated: provider?.is_moderated ?? false,
    },
    per_request_limits: null,
    supported_parameters: listedParameters(model.supported_parameters),
    default_parameters: null,
    supported_voices: null,
    knowledge_cutoff: null,
    expiration_date: null,
    links: { details: `${basePath}/models/${model.id}/endpoints` },
    ...(model.reasoning
      ? { reasoning: { mandatory: false, default_enabled: true, default_effort: 'medium', supported_efforts: ['high', 'medium', 'low', 'minimal'] } }
      : {}),
    ...(hasBenchmarks
      ? {
          benchmarks: {
            artificial_analysis: { intelligence_index: b.intelligence_index, coding_index: b.coding_index, agentic_index: b.agentic_index },
            design_arena: [],
          },
        }
      : {}),
    // Not in the reference Model: the filters of spec 4.4 read it, so clients can check them.
    tool_success_rate: model.tool_success_rate,
  };
}
