import { z } from 'zod';
import { MODEL_SORTS } from '../../catalog/model-query.ts';
import { RankingsCategorySchema } from '../../schemas/rankings-daily.ts';
import type { OperationDocs, ParameterDoc } from '../../openapi/operation-doc.ts';
import { SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';
import { price } from '../../openapi/shared-components.ts';

/** spec 4.4: the filters GET /models gained, each a bound on one model attribute. */
const MODEL_FILTERS: readonly ParameterDoc[] = [
  ...(['age_days'] as const).flatMap((n) => [
    { name: `max_${n}`, in: 'query' as const, description: 'Only models at most this many days old.', schema: z.number().int().min(0) },
    { name: `min_${n}`, in: 'query' as const, description: 'Only models at least this many days old.', schema: z.number().int().min(0) },
  ]),
  ...(['agentic_index', 'coding_index', 'intelligence_index', 'output_price'] as const).flatMap((n) => [
    { name: `max_${n}`, in: 'query' as const, description: `Upper bound on ${n.replace('_', ' ')}.`, schema: z.number().min(0) },
    { name: `min_${n}`, in: 'query' as const, description: `Lower bound on ${n.replace('_', ' ')}.`, schema: z.number().min(0) },
  ]),
  { name: 'max_tool_success_rate', in: 'query', description: 'Upper bound on the tool-call success rate.', schema: z.number().min(0).max(1) },
  { name: 'min_tool_success_rate', in: 'query', description: 'Lower bound on the tool-call success rate.', schema: z.number().min(0).max(1) },
  { name: 'sort', in: 'query', description: 'Order of the list.', schema: z.enum(MODEL_SORTS) },
  { name: 'category', in: 'query', description: 'Only models of this use-case category (the catalogue `categories`).', schema: RankingsCategorySchema },
  {
    name: 'arch',
    in: 'query',
    description: 'Only models of these families (comma-separated, case-insensitive; `Llama` matches `Llama3`).',
    schema: z.string(),
  },
  { name: 'offset', in: 'query', description: 'Page start; with `limit`, the answer carries `links.next`.', schema: z.number().int().min(0) },
  { name: 'limit', in: 'query', description: 'Page size.', schema: z.number().int().min(1).max(1000) },
];
/** The models operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'models.list': {
      tag: 'Models',
      description: 'spec 4.4: the text models of the catalogue, filtered and sorted.',
      successStatus: 200,
      success: { 'application/json': 'ModelsListResponse' },
      parameters: [...MODEL_FILTERS, ...SIMULATION_HEADERS],
    },
    'models.endpoints.list': {
      tag: 'Models',
      description:
        'The `links.details` of each `GET /models` entry: the model and one entry per provider endpoint, with prices, limits, uptime, latency and throughput. 404 for a model the catalogue does not have.',
      successStatus: 200,
      success: { 'application/json': 'ListEndpointsResponse' },
      parameters: [
        { name: 'author', in: 'path', required: true, description: 'Model author, e.g. `openai`.', schema: z.string() },
        { name: 'slug', in: 'path', required: true, description: 'Model slug, e.g. `gpt-5`.', schema: z.string() },
        ...SIMULATION_HEADERS,
      ],
    },
  },
  components: {
    written: {
      ModelsListResponse: {
        type: 'object',
        required: ['data', 'total_count', 'links'],
        properties: {
          data: { type: 'array', items: { $ref: '#/components/schemas/Model' } },
          total_count: { type: 'integer' },
          links: { type: 'object', required: ['next'], properties: { next: { type: ['string', 'null'] } } },
        },
      },
      ListEndpointsResponse: {
        type: 'object',
        required: ['data'],
        properties: {
          data: {
            type: 'object',
            required: ['id', 'name', 'created', 'description', 'architecture', 'endpoints'],
            properties: {
              id: { type: 'string' },
              name: { type: 'string' },
              created: { type: 'integer', description: 'Unix seconds' },
              description: { type: 'string' },
              architecture: { type: 'object' },
              endpoints: {
                type: 'array',
                items: {
                  type: 'object',
                  required: [
                    'name',
                    'model_id',
                    'model_name',
                    'context_length',
                    'pricing',
                    'provider_name',
                    'tag',
                    'quantization',
                    'max_completion_tokens',
                    'max_prompt_tokens',
                    'supported_parameters',
                    'status',
                    'uptime_last_30m',
                    'uptime_last_5m',
                    'uptime_last_1d',
                    'supports_implicit_caching',
                    'latency_last_30m',
                    'throughput_last_30m',
                  ],
                  properties: {
                    name: { type: 'string' },
                    model_id: { type: 'string' },
                    model_name: { type: 'string' },
                    context_length: { type: 'integer' },
                    pricing: { type: 'object', additionalProperties: price },
                    provider_name: { type: 'string' },
                    tag: { type: 'string', description: 'Provider slug' },
                    quantization: { type: 'string' },
                    max_completion_tokens: { type: ['integer', 'null'] },
                    max_prompt_tokens: { type: ['integer', 'null'] },
                    supported_parameters: { type: 'array', items: { type: 'string' } },
                    status: { type: 'integer' },
                    uptime_last_30m: { type: ['number', 'null'], description: 'Percent' },
                    uptime_last_5m: { type: ['number', 'null'], description: 'Percent' },
                    uptime_last_1d: { type: ['number', 'null'], description: 'Percent' },
                    supports_implicit_caching: { type: 'boolean' },
                    latency_last_30m: { $ref: '#/components/schemas/PercentileStats' },
                    throughput_last_30m: { $ref: '#/components/schemas/PercentileStats' },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};
