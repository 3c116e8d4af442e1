import { ErrorBodySchema } from '../schemas/error-body.ts';
import { GatewayMetadataSchema } from '../schemas/gateway-metadata.ts';
import { InputItemSchema, OutputItemSchema } from '../schemas/items.ts';
import { StreamEventSchema } from '../schemas/stream-events.ts';
import { UsageSchema } from '../schemas/usage.ts';
import type { ComponentSchemas, JsonSchema } from './operation-doc.ts';

/** A price as the catalogue states it. */
export const price = { type: 'string', description: 'USD per token' };

/** A dataset answer: its rows under `data`, what they are under `meta` (reference getBenchmarks, getAppRankings, getSessionCost). */
export const dataAndMeta = (item: Record<string, unknown>, metaRequired: string[]): JsonSchema => ({
  type: 'object',
  required: ['data', 'meta'],
  properties: { data: { type: 'array', items: item }, meta: { type: 'object', required: metaRequired } },
});

/**
 * The components more than one operation names, directly or inside their own: the spec 7 error
 * envelope, the Responses items, usage and routing metadata, a catalogue model, and the OpenAPI
 * document itself.
 */
export const SHARED_COMPONENTS: ComponentSchemas = {
  requests: { InputItem: InputItemSchema },
  answers: {
    OutputItem: OutputItemSchema,
    Usage: UsageSchema,
    GatewayMetadata: GatewayMetadataSchema,
    StreamEvent: StreamEventSchema,
    ErrorBody: ErrorBodySchema,
  },
  written: {
    // Reference `Model` (reference README, "Models"); built by catalog/model-listing.ts.
    Model: {
      type: 'object',
      required: [
        'id',
        'canonical_slug',
        'name',
        'created',
        'pricing',
        'context_length',
        'architecture',
        'top_provider',
        'per_request_limits',
        'supported_parameters',
        'default_parameters',
        'supported_voices',
        'links',
      ],
      properties: {
        id: { type: 'string' },
        canonical_slug: { type: 'string' },
        name: { type: 'string' },
        created: { type: 'integer', description: 'Unix seconds' },
        description: { type: 'string' },
        context_length: { type: 'integer' },
        architecture: {
          type: 'object',
          required: ['modality', 'input_modalities', 'output_modalities'],
          properties: {
            modality: { type: 'string' },
            input_modalities: { type: 'array', items: { type: 'string' } },
            output_modalities: { type: 'array', items: { type: 'string' } },
          },
        },
        pricing: {
          type: 'object',
          required: ['prompt', 'completion'],
          properties: { prompt: price, completion: price, request: price, image: price },
          additionalProperties: price,
        },
        top_provider: { type: 'object' },
        per_request_limits: { type: ['object', 'null'] },
        supported_parameters: { type: 'array', items: { type: 'string' } },
        // The catalogue states no per-model defaults or voices: null, as the reference allows.
        default_parameters: { type: ['object', 'null'] },
        supported_voices: { type: ['array', 'null'], items: { type: 'string' } },
        links: { type: 'object', required: ['details'], properties: { details: { type: 'string', description: "The model's endpoints listing" } } },
      },
    },
    // Reference `PercentileStats`: p50/p75/p90/p99 of one endpoint measure (catalogue `latency`, `throughput`).
    PercentileStats: {
      type: ['object', 'null'],
      required: ['p50', 'p75', 'p90', 'p99'],
      properties: { p50: { type: 'number' }, p75: { type: 'number' }, p90: { type: 'number' }, p99: { type: 'number' } },
    },
    OpenApiDocument: { type: 'object', description: 'An OpenAPI 3.1 document.', required: ['openapi', 'info', 'paths'] },
  },
};
