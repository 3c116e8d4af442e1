import { z } from 'zod';
import { VideoModelSchema } from '../catalog/video-model.ts';
import { CreditsResponseSchema, GenerationResponseSchema, KeyResponseSchema } from '../schemas/account-responses.ts';
import { GenerationContentResponseSchema, GenerationFeedbackRequestSchema } from '../schemas/generation-content.ts';
import { FileDeleteResponseSchema, FileListResponseSchema, FileResponseSchema } from '../schemas/file-responses.ts';
import {
  AuthCodeResponseSchema,
  AuthKeyExchangeResponseSchema,
  KeyCreatedResponseSchema,
  KeyDataResponseSchema,
  KeyDeletedResponseSchema,
  KeysListResponseSchema,
} from '../schemas/management-responses.ts';
import { BYOK_COMPONENTS, WORKSPACE_COMPONENTS } from '../schemas/workspace-responses.ts';
import { ANALYTICS_COMPONENTS } from '../schemas/analytics-responses.ts';
import { OBSERVABILITY_COMPONENTS } from '../schemas/observability-destinations.ts';
import * as guardrailAnswers from '../schemas/guardrail-responses.ts';
import { PresetResponseSchema, PresetsListResponseSchema, PresetVersionResponseSchema, PresetVersionsListResponseSchema } from '../schemas/preset-responses.ts';
import { EmbeddingsRequestSchema, EmbeddingsResponseSchema } from '../schemas/embeddings-request.ts';
import { TranscriptionRequestSchema, TranscriptionResponseSchema } from '../schemas/audio-transcription.ts';
import { ErrorBodySchema } from '../schemas/error-body.ts';
import { RerankRequestSchema, RerankResponseSchema } from '../schemas/rerank-request.ts';
import { SpeechRequestSchema } from '../schemas/speech-request.ts';
import { ImageModelEndpointsSchema, ImageModelsListSchema, ImageRequestSchema, ImageResponseSchema, ImageStreamEventSchema } from '../schemas/image-request.ts';
import { ChatRequestSchema } from '../schemas/chat-request.ts';
import { ChatResultSchema, ChatStreamChunkSchema } from '../schemas/chat-result.ts';
import { GatewayMetadataSchema } from '../schemas/gateway-metadata.ts';
import { InputItemSchema, OutputItemSchema } from '../schemas/items.ts';
import { MessagesRequestSchema } from '../schemas/messages-request.ts';
import { MessagesCountTokensRequestSchema, MessagesCountTokensResultSchema } from '../schemas/messages-count-tokens.ts';
import { MessagesErrorBodySchema, MessagesResultSchema, MessagesStreamEventSchema } from '../schemas/messages-result.ts';
import { RankingsDailyResponseSchema } from '../schemas/rankings-daily.ts';
import { ResponsesRequestSchema } from '../schemas/responses-request.ts';
import { ResponsesResultSchema } from '../schemas/responses-result.ts';
import { StreamEventSchema } from '../schemas/stream-events.ts';
import { UsageSchema } from '../schemas/usage.ts';
import { VideoGenerationRequestSchema, VideoJobSchema } from '../schemas/videos.ts';

type JsonSchema = Record<string, unknown>;

/**
 * Named schemas as OpenAPI 3.1 components. Request bodies are converted as zod *inputs* (what a
 * client may send: defaults optional) and answers as *outputs* (what the gateway sends), each set
 * in its own registry so shared parts become `$ref`s instead of copies.
 */
export function componentSchemas(): Record<string, JsonSchema> {
  const requests = requestRegistry();
  const answers = answerRegistry();
  const uri = (id: string) => `#/components/schemas/${id}`;
  const converted = {
    ...z.toJSONSchema(requests, { io: 'input', unrepresentable: 'any', uri }).schemas,
    ...z.toJSONSchema(answers, { io: 'output', unrepresentable: 'any', uri }).schemas,
  };
  const components: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(converted)) {
    // The document's jsonSchemaDialect states the dialect; the ids are the component names.
    const { $schema: _dialect, $id: _id, ...rest } = schema as JsonSchema;
    components[id] = rest;
  }
  modelComponents(components);
  catalogueComponents(components);
  datasetComponents(components);
  return components;
}

/** The request bodies, from their zod schemas (validated as given: `io: input`). */
function requestRegistry() {
  const requests = z.registry<{ id: string }>();
  requests.add(ResponsesRequestSchema, { id: 'ResponsesRequest' });
  requests.add(InputItemSchema, { id: 'InputItem' });
  requests.add(VideoGenerationRequestSchema, { id: 'VideoGenerationRequest' });
  requests.add(TranscriptionRequestSchema, { id: 'TranscriptionRequest' });
  requests.add(ChatRequestSchema, { id: 'ChatRequest' });
  requests.add(MessagesRequestSchema, { id: 'MessagesRequest' });
  requests.add(MessagesCountTokensRequestSchema, { id: 'MessagesCountTokensRequest' });
  requests.add(EmbeddingsRequestSchema, { id: 'EmbeddingsRequest' });
  requests.add(ImageRequestSchema, { id: 'ImageGenerationRequest' });
  requests.add(RerankRequestSchema, { id: 'RerankRequest' });
  requests.add(SpeechRequestSchema, { id: 'SpeechRequest' });
  requests.add(GenerationFeedbackRequestSchema, { id: 'GenerationFeedbackRequest' });
  return requests;
}

/** The answer bodies, from their zod schemas (as sent: `io: output`). */
function answerRegistry() {
  const answers = z.registry<{ id: string }>();
  answers.add(ResponsesResultSchema, { id: 'ResponsesResult' });
  answers.add(OutputItemSchema, { id: 'OutputItem' });
  answers.add(UsageSchema, { id: 'Usage' });
  answers.add(GatewayMetadataSchema, { id: 'GatewayMetadata' });
  answers.add(StreamEventSchema, { id: 'StreamEvent' });
  // The reference's `ResponsesStreamingResponse`: each SSE event's `data` is one stream event.
  answers.add(z.object({ data: StreamEventSchema }), { id: 'ResponsesStreamingResponse' });
  answers.add(ErrorBodySchema, { id: 'ErrorBody' });
  answers.add(ChatResultSchema, { id: 'ChatResult' });
  answers.add(ChatStreamChunkSchema, { id: 'ChatStreamChunk' });
  // The reference's `ChatStreamingResponse`: each SSE event's `data` is one chunk.
  answers.add(z.object({ data: ChatStreamChunkSchema }), { id: 'ChatStreamingResponse' });
  answers.add(MessagesResultSchema, { id: 'MessagesResult' });
  answers.add(MessagesStreamEventSchema, { id: 'MessagesStreamEvent' });
  // The reference's `MessagesStreamingResponse`: each SSE event is named by its type, its `data` one stream event.
  answers.add(z.object({ event: z.string(), data: MessagesStreamEventSchema }), { id: 'MessagesStreamingResponse' });
  answers.add(MessagesErrorBodySchema, { id: 'AnthropicMessagesErrorResponse' });
  answers.add(MessagesCountTokensResultSchema, { id: 'MessagesCountTokensResult' });
  answers.add(VideoJobSchema, { id: 'VideoJob' });
  answers.add(TranscriptionResponseSchema, { id: 'TranscriptionResponse' });
  answers.add(RankingsDailyResponseSchema, { id: 'RankingsDailyResponse' });
  answers.add(EmbeddingsResponseSchema, { id: 'EmbeddingsResponse' });
  answers.add(ImageResponseSchema, { id: 'ImageGenerationResponse' });
  answers.add(RerankResponseSchema, { id: 'RerankResponse' });
  answers.add(z.object({ data: ImageStreamEventSchema }), { id: 'ImageStreamingResponse' });
  answers.add(ImageModelsListSchema, { id: 'ImageModelsListResponse' });
  answers.add(ImageModelEndpointsSchema, { id: 'ImageModelEndpointsResponse' });
  answers.add(GenerationResponseSchema, { id: 'GenerationResponse' });
  answers.add(KeyResponseSchema, { id: 'KeyResponse' });
  answers.add(CreditsResponseSchema, { id: 'CreditsResponse' });
  answers.add(KeysListResponseSchema, { id: 'KeysListResponse' });
  answers.add(KeyDataResponseSchema, { id: 'KeyDataResponse' });
  answers.add(KeyCreatedResponseSchema, { id: 'KeyCreatedResponse' });
  answers.add(KeyDeletedResponseSchema, { id: 'KeyDeletedResponse' });
  for (const [id, schema] of Object.entries({ ...WORKSPACE_COMPONENTS, ...BYOK_COMPONENTS, ...ANALYTICS_COMPONENTS, ...OBSERVABILITY_COMPONENTS }))
    answers.add(schema, { id });
  answers.add(AuthCodeResponseSchema, { id: 'AuthCodeResponse' });
  answers.add(AuthKeyExchangeResponseSchema, { id: 'AuthKeyExchangeResponse' });
  for (const [name, schema] of Object.entries(guardrailAnswers)) if (name.endsWith('ResponseSchema')) answers.add(schema, { id: name.replace(/Schema$/, '') });
  answers.add(FileResponseSchema, { id: 'FileResponse' });
  answers.add(GenerationContentResponseSchema, { id: 'GenerationContentResponse' });
  answers.add(z.object({ data: z.object({ success: z.literal(true) }) }), { id: 'GenerationFeedbackResponse' });
  answers.add(FileListResponseSchema, { id: 'FileListResponse' });
  answers.add(FileDeleteResponseSchema, { id: 'FileDeleteResponse' });
  answers.add(PresetsListResponseSchema, { id: 'PresetsListResponse' });
  answers.add(PresetResponseSchema, { id: 'PresetResponse' });
  answers.add(PresetVersionsListResponseSchema, { id: 'PresetVersionsListResponse' });
  answers.add(PresetVersionResponseSchema, { id: 'PresetVersionResponse' });
  // The public listing is the catalogue entry without the simulator's private `simulation` profile.
  // `canonical_slug` is always listed (the id when the catalogue names none), see videoModelListing.
  answers.add(z.object({ data: z.array(VideoModelSchema.omit({ simulation: true }).extend({ canonical_slug: z.string().min(1) })) }), {
    id: 'VideoModelsListResponse',
  });
  return answers;
}

/** A price as the catalogue states it. */
const price = { type: 'string', description: 'USD per token' };

/** The multipart forms and the models listing (reference `ModelsListResponse`, `Model`), written out. */
function modelComponents(components: Record<string, JsonSchema>): void {
  components.TranscriptionMultipartRequest = {
    type: 'object',
    description: 'spec 4.4: the multipart form of the transcription request; `file` carries the audio bytes.',
    properties: {
      file: { type: 'string', contentMediaType: 'application/octet-stream' },
      model: { type: 'string' },
      language: { type: 'string' },
      response_format: { type: 'string', enum: ['json', 'verbose_json'] },
      temperature: { type: 'number' },
    },
    required: ['file', 'model'],
  };
  components.FileUploadMultipartRequest = {
    type: 'object',
    description: 'reference uploadFile: the multipart form; `file` carries the bytes (their type is judged from them). Other fields (`purpose`) are ignored.',
    properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
    required: ['file'],
  };
  // Reference `ModelsListResponse` / `Model` (reference README, "Models"); built by catalog/model-listing.ts.
  components.Model = {
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
  };
  components.ModelsListResponse = {
    type: 'object',
    required: ['data', 'total_count', 'links'],
    properties: {
      data: { type: 'array', items: { $ref: '#/components/schemas/Model' } },
      total_count: { type: 'integer' },
      links: { type: 'object', required: ['next'], properties: { next: { type: ['string', 'null'] } } },
    },
  };
  // Reference `ListEndpointsResponse` / `PublicEndpoint`; built by catalog/model-endpoints-listing.ts.
}

/** The endpoints and providers listings, written out. */
function catalogueComponents(components: Record<string, JsonSchema>): void {
  components.ListEndpointsResponse = {
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
  };
  // Reference `PercentileStats`: p50/p75/p90/p99 of one endpoint measure (catalogue `latency`, `throughput`).
  components.PercentileStats = {
    type: ['object', 'null'],
    required: ['p50', 'p75', 'p90', 'p99'],
    properties: { p50: { type: 'number' }, p75: { type: 'number' }, p90: { type: 'number' }, p99: { type: 'number' } },
  };
  // Reference `listProviders`, `ModelsCountResponse`, `listEndpointsZdr`, `getModel` answers (src/operations/).
  components.ProvidersListResponse = {
    type: 'object',
    required: ['data'],
    properties: {
      data: {
        type: 'array',
        items: {
          type: 'object',
          required: ['name', 'slug', 'privacy_policy_url'],
          properties: {
            name: { type: 'string' },
            slug: { type: 'string' },
            privacy_policy_url: { type: ['string', 'null'] },
            terms_of_service_url: { type: ['string', 'null'] },
            status_page_url: { type: ['string', 'null'] },
            headquarters: { type: ['string', 'null'], description: 'ISO 3166-1 alpha-2' },
            datacenters: { type: ['array', 'null'], items: { type: 'string' } },
          },
        },
      },
    },
  };
}

/** The model lookups, the counts and the datasets (benchmarks, rankings, session cost, classifications), written out. */
function datasetComponents(components: Record<string, JsonSchema>): void {
  components.ModelResponse = { type: 'object', required: ['data'], properties: { data: { $ref: '#/components/schemas/Model' } } };
  components.ModelsCountResponse = {
    type: 'object',
    required: ['data'],
    properties: { data: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } } },
  };
  components.PublicEndpointsListResponse = {
    type: 'object',
    required: ['data'],
    properties: { data: { type: 'array', items: { type: 'object', required: ['name', 'model_id', 'tag', 'pricing', 'status'] } } },
  };
  // Reference getBenchmarks, getTaskClassifications, getAppRankings, getSessionCost answers (src/datasets/).
  const dataAndMeta = (item: Record<string, unknown>, metaRequired: string[]) => ({
    type: 'object',
    required: ['data', 'meta'],
    properties: { data: { type: 'array', items: item }, meta: { type: 'object', required: metaRequired } },
  });
  components.UnifiedBenchmarksResponse = dataAndMeta({ type: 'object', required: ['source', 'model_permaslug', 'display_name'] }, [
    'as_of',
    'version',
    'source',
    'source_url',
    'citation',
    'model_count',
    'task_type',
  ]);
  components.AppRankingsResponse = dataAndMeta({ type: 'object', required: ['rank', 'app_id', 'app_name', 'total_tokens', 'total_requests'] }, [
    'as_of',
    'version',
    'start_date',
    'end_date',
  ]);
  components.SessionCostResponse = dataAndMeta(
    { type: 'object', required: ['app_slug', 'app_name', 'turn_range', 'model_permaslug', 'median_session_cost_usd'] },
    ['as_of', 'version', 'window_days', 'window_end_date'],
  );
  components.TaskClassificationResponse = {
    type: 'object',
    required: ['data'],
    properties: { data: { type: 'object', required: ['window_days', 'as_of', 'classifications', 'macro_categories'] } },
  };
  components.OpenApiDocument = { type: 'object', description: 'An OpenAPI 3.1 document.', required: ['openapi', 'info', 'paths'] };
}
