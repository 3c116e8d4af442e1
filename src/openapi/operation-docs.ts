import { z } from 'zod';
import { workspaceDocs } from './workspace-docs.ts';
import { analyticsDocs } from './analytics-docs.ts';
import { guardrailDocs } from './guardrail-docs.ts';
import { observabilityDocs } from './observability-docs.ts';
import { MODEL_SORTS } from '../catalog/model-query.ts';
import { APP_SORTS } from '../datasets/app-rankings-query.ts';
import {
  BENCHMARK_SOURCES,
  BENCHMARK_TASK_TYPES,
  CLASSIC_BENCHMARKS,
  DESIGN_ARENAS,
  SEARCH_BENCHMARKS,
  SEARCH_SURFACES,
} from '../datasets/benchmarks-query.ts';
import { APP_CATEGORY_NAMES, APP_SUBCATEGORY_NAMES } from '../datasets/published-apps.ts';
import { TURN_RANGE_NAMES } from '../datasets/session-cost-query.ts';
import {
  RankingsCategorySchema,
  RankingsContextBucketSchema,
  RankingsLanguageTypeSchema,
  RankingsModalitySchema,
  RankingsPeriodSchema,
} from '../schemas/rankings-daily.ts';

/** A query or header parameter of an operation (OpenAPI Parameter Object, in zod). */
export interface ParameterDoc {
  readonly name: string;
  readonly in: 'query' | 'header' | 'path';
  readonly description: string;
  readonly schema: z.ZodType;
  readonly required?: boolean;
}

/**
 * What the routes themselves do not say about an operation: its prose, body and success shapes
 * (as names of component schemas, see component-schemas.ts) and its parameters. Keyed by the
 * route's stable `operation` id; an operation without an entry still gets a path (build-openapi.ts).
 */
export interface OperationDoc {
  /** Only for routes outside the operations table; a table endpoint's own `summary` is used. */
  readonly summary?: string;
  readonly tag: string;
  readonly description?: string;
  /** Content type -> request component schema name. */
  readonly requestBody?: Readonly<Record<string, string>>;
  readonly successStatus: number;
  /** Content type -> response component schema name, or `binary` for raw bytes. */
  readonly success: Readonly<Record<string, string>>;
  readonly parameters?: readonly ParameterDoc[];
  /** Component schema of the error answers, when not the spec 7 envelope `ErrorBody`. */
  readonly errorBody?: string;
}

/** spec 2.1 header table, plus the simulator's own per-request controls (DESIGN). */
const METADATA_HEADERS: readonly ParameterDoc[] = [
  {
    name: 'X-Gateway-Metadata',
    in: 'header',
    description: '`enabled` returns routing metadata under `gateway_metadata` (spec 2.1, 2.6).',
    schema: z.enum(['enabled', 'disabled']),
  },
  {
    name: 'X-Gateway-Experimental-Metadata',
    in: 'header',
    description: 'Older name of X-Gateway-Metadata, same meaning.',
    schema: z.enum(['enabled', 'disabled']),
  },
];
const SIMULATION_HEADERS: readonly ParameterDoc[] = [
  {
    name: 'X-Gatewaykit-Fault',
    in: 'header',
    description:
      'Simulator only: answer this documented status instead (body per spec 7), or `stream-error` / `stream-cut` to fail a stream after its headers.',
    schema: z.string(),
  },
  {
    name: 'X-Gatewaykit-Chunking',
    in: 'header',
    description: 'Simulator only: `random` re-chunks the SSE bytes at seeded byte offsets.',
    schema: z.enum(['random', 'none']),
  },
];
/** The query every files endpoint takes (reference: `workspace_id`, `provider`), and the simulator's headers. */
const FILE_SCOPE: readonly ParameterDoc[] = [
  { name: 'workspace_id', in: 'query', description: 'The workspace (default: the default workspace).', schema: z.uuid() },
  {
    name: 'provider',
    in: 'query',
    description: 'The storage named (`openai`, `anthropic`): the answer comes in its shape.',
    schema: z.enum(['openai', 'anthropic']),
  },
  ...SIMULATION_HEADERS,
];
const FILE_ID: ParameterDoc = { name: 'file_id', in: 'path', required: true, description: "The file's id (`or_file_...`).", schema: z.string() };
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
/** The `{slug}` of the Presets operations, and their paging (reference listPresets). */
const PRESET_SLUG: ParameterDoc = {
  name: 'slug',
  in: 'path',
  required: true,
  description: 'The preset slug (1-64 letters, digits, `.`, `_`, `-`).',
  schema: z.string(),
};
const PRESET_PAGE: readonly ParameterDoc[] = [
  { name: 'offset', in: 'query', description: 'Records to skip.', schema: z.number().int().min(0) },
  { name: 'limit', in: 'query', description: 'Records a page (1-100, default 50).', schema: z.number().int().min(1).max(100) },
];
/** reference createPresets*: a new version from an inference body of one surface. */
const presetCreation = (body: string, prompt: string): OperationDoc => ({
  tag: 'Presets',
  description: `Management key only. A new version of the preset (the preset is created with its first): the body's ${prompt} become the system prompt, and its model, models, provider, plugins, reasoning, sampling members, budget and stop sequences the config; other members are ignored. \`@preset/<slug>\` as a model applies the latest version (docs/management.md).`,
  requestBody: { 'application/json': body },
  successStatus: 200,
  success: { 'application/json': 'PresetResponse' },
  parameters: [PRESET_SLUG, ...SIMULATION_HEADERS],
});
const JOB_ID: ParameterDoc = {
  name: 'jobId',
  in: 'path',
  required: true,
  description: 'Video job id, `gen-vid-<timestamp>-<20 alphanumerics>` (spec 2.8).',
  schema: z.string(),
};

export const OPERATION_DOCS: Readonly<Record<string, OperationDoc>> = {
  ...guardrailDocs(SIMULATION_HEADERS),
  'responses.create': {
    tag: 'Responses',
    description: 'spec 4.1: one response in the Responses format, as JSON or, with `stream: true`, as server-sent events ending with `data: [DONE]`.',
    requestBody: { 'application/json': 'ResponsesRequest' },
    successStatus: 200,
    success: { 'application/json': 'ResponsesResult', 'text/event-stream': 'ResponsesStreamingResponse' },
    parameters: [...METADATA_HEADERS, ...SIMULATION_HEADERS],
  },
  'chat.completions.create': {
    tag: 'Chat',
    description:
      'The Chat Completions surface of the same engine: `messages` in, one choice out, as JSON or, with `stream: true`, as `chat.completion.chunk` server-sent events ending with `data: [DONE]` (the last chunk carries the usage, with or without `stream_options.include_usage`, as the reference says).',
    requestBody: { 'application/json': 'ChatRequest' },
    successStatus: 200,
    success: { 'application/json': 'ChatResult', 'text/event-stream': 'ChatStreamingResponse' },
    parameters: [...METADATA_HEADERS, ...SIMULATION_HEADERS],
  },
  'messages.create': {
    tag: 'Messages',
    description:
      'The Anthropic Messages surface of the same engine as /responses: JSON, or with `stream: true` the Anthropic event stream (`message_start`, `content_block_*`, `message_delta`, `message_stop`, `ping`). The key may come as `x-api-key`. Errors use the Anthropic error shape.',
    requestBody: { 'application/json': 'MessagesRequest' },
    successStatus: 200,
    success: { 'application/json': 'MessagesResult', 'text/event-stream': 'MessagesStreamingResponse' },
    parameters: [...METADATA_HEADERS, ...SIMULATION_HEADERS],
    errorBody: 'AnthropicMessagesErrorResponse',
  },
  'messages.countTokens': {
    summary: 'Count the input tokens of a message (Anthropic Messages format)',
    tag: 'Messages',
    description:
      'What Anthropic clients call for `messages.countTokens`: the body of `/messages` (`max_tokens` optional), answered with `input_tokens` as the `/messages` answer would bill them, counted with the same tokenizer. Free. Errors use the Anthropic error shape; the key may come as `x-api-key`.',
    requestBody: { 'application/json': 'MessagesCountTokensRequest' },
    successStatus: 200,
    success: { 'application/json': 'MessagesCountTokensResult' },
    parameters: SIMULATION_HEADERS,
    errorBody: 'AnthropicMessagesErrorResponse',
  },
  'videos.create': {
    tag: 'Videos',
    description: 'spec 4.2: answers at once with the job in state `pending` and its polling address.',
    requestBody: { 'application/json': 'VideoGenerationRequest' },
    successStatus: 202,
    success: { 'application/json': 'VideoJob' },
    parameters: SIMULATION_HEADERS,
  },
  'videos.get': {
    tag: 'Videos',
    description: 'spec 4.3: the `polling_url` of the submit answer.',
    successStatus: 200,
    success: { 'application/json': 'VideoJob' },
    parameters: [JOB_ID, ...SIMULATION_HEADERS],
  },
  'videos.content': {
    tag: 'Videos',
    description: 'MP4 bytes of output `index` of a completed job; 400 before completion.',
    successStatus: 200,
    success: { 'video/mp4': 'binary' },
    parameters: [JOB_ID, { name: 'index', in: 'query', description: 'Output index, default 0.', schema: z.number().int().min(0) }, ...SIMULATION_HEADERS],
  },
  'models.list': {
    tag: 'Models',
    description: 'spec 4.4: the text models of the catalogue, filtered and sorted.',
    successStatus: 200,
    success: { 'application/json': 'ModelsListResponse' },
    parameters: [...MODEL_FILTERS, ...SIMULATION_HEADERS],
  },
  'providers.list': {
    summary: 'List all providers',
    tag: 'Providers',
    description:
      'Every provider of the catalogue, in slug order: name, slug, headquarters, data centres and public pages (null where the catalogue does not know them).',
    successStatus: 200,
    success: { 'application/json': 'ProvidersListResponse' },
    parameters: [...SIMULATION_HEADERS],
  },
  'models.count': {
    summary: 'Get total count of available models',
    tag: 'Models',
    description:
      'How many models `GET /models` lists with one of the `output_modalities` (comma-separated: text, image, audio, embeddings, or all; default text). 400 for an unknown modality.',
    successStatus: 200,
    success: { 'application/json': 'ModelsCountResponse' },
    parameters: [
      { name: 'output_modalities', in: 'query', description: 'text, image, audio, embeddings (comma-separated) or all; default text.', schema: z.string() },
      ...SIMULATION_HEADERS,
    ],
  },
  'models.user.list': {
    summary: "List models filtered by the caller's preferences",
    tag: 'Models',
    description:
      'The models the caller may use, as `GET /models` lists them (every model: the gateway keeps no per-user preferences yet), paged by `offset` and `limit` (1..1000).',
    successStatus: 200,
    success: { 'application/json': 'ModelsListResponse' },
    parameters: [
      { name: 'offset', in: 'query', description: 'Records to skip.', schema: z.number().int().min(0) },
      { name: 'limit', in: 'query', description: 'Records to return, 1..1000.', schema: z.number().int().min(1).max(1000) },
      ...SIMULATION_HEADERS,
    ],
  },
  'model.get': {
    summary: 'Get a model by its slug',
    tag: 'Models',
    description:
      'One model as `GET /models` lists it, under `data`; the slug may carry a catalogue variant (`:free`) or be the canonical slug. 404 for an unknown model.',
    successStatus: 200,
    success: { 'application/json': 'ModelResponse' },
    parameters: [
      { name: 'author', in: 'path', required: true, description: 'Model author, e.g. `openai`.', schema: z.string() },
      { name: 'slug', in: 'path', required: true, description: 'Model slug, e.g. `gpt-4` or `gpt-4o-mini:free`.', schema: z.string() },
      ...SIMULATION_HEADERS,
    ],
  },
  'endpoints.zdr.list': {
    summary: 'Preview the impact of ZDR on the available endpoints',
    tag: 'Endpoints',
    description: 'Every provider endpoint a `zdr: true` request may use (providers that retain no data), as `PublicEndpoint`s.',
    successStatus: 200,
    success: { 'application/json': 'PublicEndpointsListResponse' },
    parameters: [...SIMULATION_HEADERS],
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
  'videos.models.list': {
    tag: 'Videos',
    successStatus: 200,
    success: { 'application/json': 'VideoModelsListResponse' },
    parameters: SIMULATION_HEADERS,
  },
  'audio.transcriptions.create': {
    tag: 'Audio',
    description: 'spec 4.4: JSON with base64 `input_audio`, or `multipart/form-data` with a `file` part.',
    requestBody: { 'application/json': 'TranscriptionRequest', 'multipart/form-data': 'TranscriptionMultipartRequest' },
    successStatus: 200,
    success: { 'application/json': 'TranscriptionResponse' },
    parameters: SIMULATION_HEADERS,
  },
  'embeddings.create': {
    tag: 'Embeddings',
    description:
      'Unit-length vectors for a string, an array of strings, token ids or arrays of them, from an embedding model of the catalogue (`GET /embeddings/models`), routed over its provider endpoints with `provider` preferences. `dimensions` shortens the vectors where the model allows; `encoding_format: base64` sends float32 little-endian bytes. The same input and model always give the same vector, and texts that share words get closer vectors.',
    requestBody: { 'application/json': 'EmbeddingsRequest' },
    successStatus: 200,
    success: { 'application/json': 'EmbeddingsResponse' },
    parameters: [...METADATA_HEADERS, ...SIMULATION_HEADERS],
  },
  'images.create': {
    summary: 'Generate images',
    tag: 'Images',
    description:
      'Decodable PNG (default), JPEG, WebP or SVG images of an image model of the catalogue (`GET /images/models`), `n` of them at the size of `size`, `resolution` and `aspect_ratio`; the same request and `seed` make the same bytes. Billed per image. `stream: true` on a model with native streaming sends a partial and a completed image per image as SSE, then `[DONE]`. The images of one request hold at most 4096x4096 pixels together (400 naming the field past it); a format the model does not list is a 400.',
    requestBody: { 'application/json': 'ImageGenerationRequest' },
    successStatus: 200,
    success: { 'application/json': 'ImageGenerationResponse', 'text/event-stream': 'ImageStreamingResponse' },
    parameters: SIMULATION_HEADERS,
  },
  'rerank.create': {
    summary: 'Rerank documents',
    tag: 'Rerank',
    description:
      'Each document scored against `query` from the lexical features embeddings use (shared words, stems, word pairs; stop words count little), from 0 to 1, most relevant first with its input `index` and the document echoed; `top_n` keeps the first ones. Billed per search unit (a query with up to 100 documents).',
    requestBody: { 'application/json': 'RerankRequest' },
    successStatus: 200,
    success: { 'application/json': 'RerankResponse' },
    parameters: SIMULATION_HEADERS,
  },
  'audio.speech.create': {
    summary: 'Create speech',
    tag: 'Audio',
    description:
      'Raw audio of `input` spoken by `voice`: `pcm` (the default; 24 kHz 16-bit little-endian mono, `audio/pcm`) or `mp3` (`audio/mpeg`, the same samples encoded at 128 kbit/s). The duration follows the words and `speed`; the text rides in the audio, so `/audio/transcriptions` of it gives the text back. Billed per input character.',
    requestBody: { 'application/json': 'SpeechRequest' },
    successStatus: 200,
    success: { 'audio/pcm': 'binary', 'audio/mpeg': 'binary' },
    parameters: SIMULATION_HEADERS,
  },
  'images.models.list': {
    summary: 'List image generation models',
    tag: 'Images',
    description: 'The image models of the catalogue with their supported parameters and the URL of their endpoints.',
    successStatus: 200,
    success: { 'application/json': 'ImageModelsListResponse' },
    parameters: SIMULATION_HEADERS,
  },
  'images.models.endpoints': {
    summary: 'List endpoints for an image model',
    tag: 'Images',
    description: 'The provider endpoints of an image model, with per-image pricing; 404 for a model the catalogue lacks.',
    successStatus: 200,
    success: { 'application/json': 'ImageModelEndpointsResponse' },
    parameters: [
      { name: 'author', in: 'path', required: true, description: 'Model author.', schema: z.string() },
      { name: 'slug', in: 'path', required: true, description: 'Model slug.', schema: z.string() },
      ...SIMULATION_HEADERS,
    ],
  },
  'embeddings.models.list': {
    tag: 'Embeddings',
    description: 'The embedding models of the catalogue; the whole list unless `offset` or `limit` is given.',
    successStatus: 200,
    success: { 'application/json': 'ModelsListResponse' },
    parameters: [
      { name: 'offset', in: 'query', description: 'Number of models to skip.', schema: z.number().int().min(0) },
      { name: 'limit', in: 'query', description: 'Page size (default 500 when `offset` is given).', schema: z.number().int().min(1).max(1000) },
      ...SIMULATION_HEADERS,
    ],
  },
  'generation.get': {
    tag: 'Generations',
    description:
      'One paid answer (responses, embeddings) by its `X-Generation-Id`: model, provider, token counts, cost, latency and generation time on the gateway clock. The latest answers are kept (1000 by default); an unknown or forgotten id is a 404.',
    successStatus: 200,
    success: { 'application/json': 'GenerationResponse' },
    parameters: [
      { name: 'id', in: 'query', required: true, description: 'The `X-Generation-Id` of the answer.', schema: z.string().min(1).max(256) },
      ...SIMULATION_HEADERS,
    ],
  },
  'generation.content.get': {
    tag: 'Generations',
    description:
      "What a text generation (responses, chat, messages) read and wrote: the prompt as messages (the instructions first, as the system's), the output text as `completion` and the reasoning summaries as `reasoning`, and `error` (status, message, provider) when it failed before any output. Kept with the generation's record: the latest answers (1000 by default, `generationsLimit`) and as many failed ones; the oldest are forgotten first, and all on control reset. 404 otherwise.",
    successStatus: 200,
    success: { 'application/json': 'GenerationContentResponse' },
    parameters: [
      { name: 'id', in: 'query', required: true, description: 'The `X-Generation-Id` of the generation.', schema: z.string().min(1).max(256) },
      ...SIMULATION_HEADERS,
    ],
  },
  'generation.feedback': {
    tag: 'Generations',
    description:
      'Management key only. Body: `generation_id` (a generation this gateway still keeps, 404 otherwise), `category` (latency, incoherence, incorrect_response, formatting, billing, api_error, other), `comment` (at most 1000 characters). Recorded in the request journal (`GET /__gatewaykit/requests`, the inspector).',
    requestBody: { 'application/json': 'GenerationFeedbackRequest' },
    successStatus: 200,
    success: { 'application/json': 'GenerationFeedbackResponse' },
    parameters: SIMULATION_HEADERS,
  },
  'key.get': {
    tag: 'API Keys',
    description:
      "The calling key's spending limit, usage (in all and in the current UTC day, week and month of the gateway clock), what is left of the limit, and its flags. Every paid answer adds its `usage.cost`.",
    successStatus: 200,
    success: { 'application/json': 'KeyResponse' },
    parameters: SIMULATION_HEADERS,
  },
  'keys.list': {
    summary: 'List API keys',
    tag: 'API Keys',
    description:
      'Management key only. Keys of the keys file and keys created here, 100 a page in creation order; `offset` pages, `include_disabled=true` adds disabled keys, `workspace_id` filters (docs/management.md).',
    successStatus: 200,
    success: { 'application/json': 'KeysListResponse' },
    parameters: [
      { name: 'offset', in: 'query', description: 'Keys to skip.', schema: z.number().int().min(0) },
      { name: 'include_disabled', in: 'query', description: '`true` lists disabled keys too.', schema: z.enum(['true', 'false']) },
      { name: 'workspace_id', in: 'query', description: 'Only keys of this workspace (default: the default workspace).', schema: z.string() },
      ...SIMULATION_HEADERS,
    ],
  },
  'keys.create': {
    summary: 'Create an API key',
    tag: 'API Keys',
    description:
      'Management key only. Body: `name` (required), `limit`, `limit_reset` (daily, weekly, monthly), `include_byok_in_limit`, `expires_at` (UTC), `creator_user_id`, `workspace_id`. Answers 201 with the secret in `key`, shown once; the key authenticates at once.',
    successStatus: 201,
    success: { 'application/json': 'KeyCreatedResponse' },
    parameters: SIMULATION_HEADERS,
  },
  'keys.get': {
    summary: 'Get an API key',
    tag: 'API Keys',
    description: 'Management key only. The key with this SHA-256 hash, with its usage; 404 for none.',
    successStatus: 200,
    success: { 'application/json': 'KeyDataResponse' },
    parameters: [{ name: 'hash', in: 'path', required: true, description: "The key's hash.", schema: z.string() }, ...SIMULATION_HEADERS],
  },
  'keys.update': {
    summary: 'Update an API key',
    tag: 'API Keys',
    description: 'Management key only. Body: `name`, `disabled` (a disabled key answers 401), `limit`, `limit_reset`, `include_byok_in_limit`.',
    successStatus: 200,
    success: { 'application/json': 'KeyDataResponse' },
    parameters: [{ name: 'hash', in: 'path', required: true, description: "The key's hash.", schema: z.string() }, ...SIMULATION_HEADERS],
  },
  'keys.delete': {
    summary: 'Delete an API key',
    tag: 'API Keys',
    description: 'Management key only. A deleted key answers 401.',
    successStatus: 200,
    success: { 'application/json': 'KeyDeletedResponse' },
    parameters: [{ name: 'hash', in: 'path', required: true, description: "The key's hash.", schema: z.string() }, ...SIMULATION_HEADERS],
  },
  ...workspaceDocs(SIMULATION_HEADERS),
  ...analyticsDocs(SIMULATION_HEADERS),
  ...observabilityDocs(SIMULATION_HEADERS),
  'presets.list': {
    tag: 'Presets',
    description: 'Any key. The presets, most recently updated first; `offset` and `limit` (1-100, default 50) page, `total_count` counts them all.',
    successStatus: 200,
    success: { 'application/json': 'PresetsListResponse' },
    parameters: [...PRESET_PAGE, ...SIMULATION_HEADERS],
  },
  'presets.get': {
    tag: 'Presets',
    description: 'Any key. The preset with its latest version inline; 404 for none.',
    successStatus: 200,
    success: { 'application/json': 'PresetResponse' },
    parameters: [PRESET_SLUG, ...SIMULATION_HEADERS],
  },
  'presets.createFromChat': presetCreation('ChatRequest', 'system and developer messages'),
  'presets.createFromMessages': presetCreation('MessagesRequest', '`system`'),
  'presets.createFromResponses': presetCreation('ResponsesRequest', '`instructions`'),
  'presets.versions.list': {
    tag: 'Presets',
    description: "Any key. The preset's kept versions (the latest 100), oldest first, paged by `offset` and `limit`.",
    successStatus: 200,
    success: { 'application/json': 'PresetVersionsListResponse' },
    parameters: [PRESET_SLUG, ...PRESET_PAGE, ...SIMULATION_HEADERS],
  },
  'presets.versions.get': {
    tag: 'Presets',
    description: 'Any key. One version by its number; 404 for a version never made or no longer kept.',
    successStatus: 200,
    success: { 'application/json': 'PresetVersionResponse' },
    parameters: [PRESET_SLUG, { name: 'version', in: 'path', required: true, description: 'The version number.', schema: z.string() }, ...SIMULATION_HEADERS],
  },
  'auth.keys.code.create': {
    summary: 'Create an authorization code (OAuth PKCE)',
    tag: 'OAuth',
    description:
      'Management key only. Body: `callback_url` (required), `code_challenge`, `code_challenge_method` (S256, plain), `limit`, `usage_limit_type`, `expires_at`, `key_label`, `workspace_id`. The code expires 10 minutes later on the gateway clock.',
    successStatus: 200,
    success: { 'application/json': 'AuthCodeResponse' },
    parameters: SIMULATION_HEADERS,
  },
  'auth.keys.exchange': {
    summary: 'Exchange an authorization code for an API key',
    tag: 'OAuth',
    description:
      'No Authorization: the code is the credential. Body: `code`, `code_verifier`, `code_challenge_method`. Single use; 403 for an unknown, used or expired code or a wrong verifier.',
    successStatus: 200,
    success: { 'application/json': 'AuthKeyExchangeResponse' },
    parameters: SIMULATION_HEADERS,
  },
  'credits.coinbase.create': {
    tag: 'Credits',
    description: 'Deprecated (reference createCoinbaseCharge): never served. Every request, with any key or none, is 410 Gone with the envelope.',
    successStatus: 410,
    success: { 'application/json': 'ErrorBody' },
  },
  'credits.get': {
    tag: 'Credits',
    description:
      "The account's purchased credits and total usage, USD. Management key only (403 otherwise). Paid operations answer 402 once usage reaches the credits.",
    successStatus: 200,
    success: { 'application/json': 'CreditsResponse' },
    parameters: SIMULATION_HEADERS,
  },
  'datasets.app-rankings.get': {
    tag: 'Datasets',
    description:
      'The public apps ranked by tokens in the window (`popular`) or by excess growth over the three periods before it (`trending`); `category`/`subcategory` filter, ranks stay absolute under `offset`. Deterministic for the seed and clock.',
    successStatus: 200,
    success: { 'application/json': 'AppRankingsResponse' },
    parameters: [
      { name: 'category', in: 'query', description: 'Marketplace category group.', schema: z.enum(APP_CATEGORY_NAMES) },
      {
        name: 'subcategory',
        in: 'query',
        description: 'Marketplace subcategory (must belong to `category` when both are given).',
        schema: z.enum(APP_SUBCATEGORY_NAMES),
      },
      { name: 'sort', in: 'query', description: '`popular` (default) or `trending`.', schema: z.enum(APP_SORTS) },
      { name: 'start_date', in: 'query', description: 'First UTC day, YYYY-MM-DD (default 30 days before end_date).', schema: z.string() },
      { name: 'end_date', in: 'query', description: 'Last UTC day, YYYY-MM-DD (default the last complete day).', schema: z.string() },
      { name: 'limit', in: 'query', description: '1..100, default 50.', schema: z.number().int().min(1).max(100) },
      { name: 'offset', in: 'query', description: '0..100, default 0.', schema: z.number().int().min(0).max(100) },
      ...SIMULATION_HEADERS,
    ],
  },
  'datasets.session-cost.get': {
    tag: 'Datasets',
    description:
      'Median cost per session by harness, model and turn range: the published harness cells (from the catalogue prices) plus the sessions this gateway recorded in the last 30 days (generations with a `session_id` or `X-Session-Id`, attributed to the host of their `HTTP-Referer`, else `direct`).',
    successStatus: 200,
    success: { 'application/json': 'SessionCostResponse' },
    parameters: [
      { name: 'app_slug', in: 'query', description: 'One harness slug.', schema: z.string() },
      { name: 'model', in: 'query', description: 'Exact model permaslug.', schema: z.string() },
      { name: 'turn_range', in: 'query', description: 'Turns in a session.', schema: z.enum(TURN_RANGE_NAMES) },
      { name: 'limit', in: 'query', description: '1..500, default 100.', schema: z.number().int().min(1).max(500) },
      { name: 'offset', in: 'query', description: '0..5000, default 0.', schema: z.number().int().min(0).max(5000) },
      ...SIMULATION_HEADERS,
    ],
  },
  'benchmarks.get': {
    tag: 'Benchmarks',
    description:
      "Artificial Analysis indexes, Design Arena rankings and OpenRouter evals (classic and search) for the catalogue's models, derived from one strength per model so the sources agree; filter by `source`, `task_type`, `benchmark_type` and the per-source filters.",
    successStatus: 200,
    success: { 'application/json': 'UnifiedBenchmarksResponse' },
    parameters: [
      { name: 'source', in: 'query', description: 'One source; all when absent.', schema: z.enum(BENCHMARK_SOURCES) },
      { name: 'task_type', in: 'query', description: 'Workload filter.', schema: z.enum(BENCHMARK_TASK_TYPES) },
      { name: 'benchmark_type', in: 'query', description: 'One OpenRouter benchmark.', schema: z.enum([...CLASSIC_BENCHMARKS, ...SEARCH_BENCHMARKS]) },
      { name: 'include_run_config', in: 'query', description: 'Search items carry their run configuration.', schema: z.boolean() },
      { name: 'search_engine', in: 'query', description: 'Search items of this engine only.', schema: z.string() },
      { name: 'search_surface', in: 'query', description: 'Search items of this surface only.', schema: z.enum(SEARCH_SURFACES) },
      { name: 'arena', in: 'query', description: 'Design Arena arena (default models).', schema: z.enum(DESIGN_ARENAS) },
      { name: 'category', in: 'query', description: 'Design Arena category.', schema: z.string() },
      { name: 'max_results', in: 'query', description: 'At most this many items.', schema: z.number().int().min(1) },
      ...SIMULATION_HEADERS,
    ],
  },
  'classifications.task.get': {
    tag: 'Classifications',
    description:
      'Shares of classified requests and tokens per task over the trailing 7 days, grouped into macro-categories, each with its top catalogue models.',
    successStatus: 200,
    success: { 'application/json': 'TaskClassificationResponse' },
    parameters: [{ name: 'window', in: 'query', description: 'Only `7d`.', schema: z.enum(['7d']) }, ...SIMULATION_HEADERS],
  },
  'datasets.rankings-daily.get': {
    tag: 'Datasets',
    description: 'spec 4.4: query parameters `category`, `context_bucket`, `language_type`, `modality`, `period`.',
    successStatus: 200,
    success: { 'application/json': 'RankingsDailyResponse' },
    parameters: [
      { name: 'start_date', in: 'query', description: 'First UTC day, YYYY-MM-DD (default 30 days before end_date).', schema: z.string() },
      { name: 'end_date', in: 'query', description: 'Last UTC day, YYYY-MM-DD (default the last complete day).', schema: z.string() },
      { name: 'period', in: 'query', description: 'Grain of the rows.', schema: RankingsPeriodSchema },
      { name: 'modality', in: 'query', description: 'Filter by modality.', schema: RankingsModalitySchema },
      { name: 'context_bucket', in: 'query', description: 'Filter by context length bucket.', schema: RankingsContextBucketSchema },
      { name: 'category', in: 'query', description: 'Filter by task category.', schema: RankingsCategorySchema },
      { name: 'language_type', in: 'query', description: 'Filter by language type.', schema: RankingsLanguageTypeSchema },
      ...SIMULATION_HEADERS,
    ],
  },
  'files.upload': {
    tag: 'Files',
    description:
      "A `multipart/form-data` body with one `file` part. The type is judged from the bytes (PDF, PNG, JPEG, GIF, WebP, DOCX, XLSX, PPTX, MP3, WAV, FLAC, OGG or UTF-8 text, which is reported as JSON, NDJSON, CSV, Markdown or plain text); an empty file or another type is a 400. At most 100 MB a file, 1,000 files and 256 MiB in all (413 past them; `files.bounds`). The id sorts in upload order. `provider` picks the answer's shape (OpenAI's, Anthropic's; default OpenRouter's).",
    requestBody: { 'multipart/form-data': 'FileUploadMultipartRequest' },
    successStatus: 200,
    success: { 'application/json': 'FileResponse' },
    parameters: FILE_SCOPE,
  },
  'files.list': {
    tag: 'Files',
    description:
      "The workspace's files in upload order, `limit` a page (1-1000, default 100); page on with the previous page's `cursor`, or `after` / `after_id` (a file id, deleted or not). `before_id` and `order=desc` are 400s (not supported by OpenRouter storage).",
    successStatus: 200,
    success: { 'application/json': 'FileListResponse' },
    parameters: [
      { name: 'limit', in: 'query', description: 'Files per page (1-1000, default 100).', schema: z.number().int().min(1).max(1000) },
      { name: 'cursor', in: 'query', description: 'The `cursor` of the previous page.', schema: z.string() },
      { name: 'after', in: 'query', description: 'OpenAI-style: the id to list after.', schema: z.string() },
      { name: 'after_id', in: 'query', description: 'Anthropic-style: the id to list after.', schema: z.string() },
      { name: 'order', in: 'query', description: 'Only `asc`.', schema: z.enum(['asc']) },
      ...FILE_SCOPE,
    ],
  },
  'files.get': {
    tag: 'Files',
    description: "One file's metadata; 404 for an id never uploaded, deleted, forgotten by a control reset, or of another workspace.",
    successStatus: 200,
    success: { 'application/json': 'FileResponse' },
    parameters: [FILE_ID, ...FILE_SCOPE],
  },
  'files.delete': {
    tag: 'Files',
    description: 'Deletes the file for good (kept so in the state file); later reads and references to it are 404s.',
    successStatus: 200,
    success: { 'application/json': 'FileDeleteResponse' },
    parameters: [FILE_ID, ...FILE_SCOPE],
  },
  'files.content': {
    tag: 'Files',
    description:
      'The bytes exactly as uploaded, as application/octet-stream (or the judged type when Accept names it). As the reference says, uploads are not downloadable (400, `downloadable: false`) unless the gateway runs with `--downloadable-uploads` (`files.uploadsDownloadable`).',
    successStatus: 200,
    success: { 'application/octet-stream': 'binary' },
    parameters: [FILE_ID, ...FILE_SCOPE],
  },
  'openapi.get': {
    summary: 'This OpenAPI description',
    tag: 'Meta',
    description: 'The OpenAPI 3.1 description of the simulated Gateway API, generated from the same zod schemas that validate requests. No authentication.',
    successStatus: 200,
    success: { 'application/json': 'OpenApiDocument' },
  },
};
