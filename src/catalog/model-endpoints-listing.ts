import { listedParameters, toolChoiceSupport } from './listed-parameters.ts';
import type { Catalog } from './catalog.ts';
import type { TextModel } from './text-model.ts';

/**
 * The reference `ListEndpointsResponse` of `GET /models/{author}/{slug}/endpoints` for a
 * catalogue model: the model's identity and architecture, and one reference `PublicEndpoint`
 * per provider endpoint, in catalogue order. The link `GET /models` gives as `links.details`.
 *
 * @example
 * modelEndpointsListing(catalog.models[0], catalog).endpoints.map((e) => e.tag); // ['openai', 'azure']
 */
export function modelEndpointsListing(model: TextModel, catalog: Catalog): { endpoints: Array<Record<string, unknown>> } & Record<string, unknown> {
  return {
    id: model.id,
    name: model.name,
    created: model.created,
    description: model.description,
    architecture: {
      tokenizer: model.tokenizer,
      instruct_type: null,
      modality: `${model.input_modalities.join('+')}->${model.output_modalities.join('+')}`,
      input_modalities: model.input_modalities,
      output_modalities: model.output_modalities,
    },
    endpoints: model.endpoints.map((e) => {
      const provider = catalog.providers.find((p) => p.slug === e.provider);
      const providerName = provider?.name ?? e.provider;
      const context = e.context_length ?? model.context_length;
      const parameters = e.supported_parameters ?? model.supported_parameters;
      return {
        name: `${providerName}: ${model.name}`,
        model_id: model.canonical_slug ?? model.id,
        model_name: model.name,
        context_length: context,
        pricing: { ...e.pricing, request: e.pricing.request ?? '0', image: e.pricing.image ?? '0' },
        provider_name: providerName,
        tag: e.provider,
        quantization: e.quantization,
        max_completion_tokens: e.max_completion_tokens ?? model.max_completion_tokens ?? null,
        max_prompt_tokens: context,
        supported_parameters: listedParameters(parameters),
        supports_tool_choice: toolChoiceSupport(parameters),
        status: 0,
        uptime_last_30m: e.uptime,
        uptime_last_5m: e.uptime,
        uptime_last_1d: e.uptime,
        supports_implicit_caching: e.pricing.input_cache_read !== undefined,
        latency_last_30m: e.latency,
        throughput_last_30m: e.throughput,
      };
    }),
  };
}
