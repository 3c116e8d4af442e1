/**
 * gatewaykit: a simulated Gateway API (msw handlers and a fetch function over one core) and what
 * a user of it needs: the clocks, the errors, the zod schemas of every request and answer with
 * their types, scripted replies and the catalogue types. Server mode: `gatewaykit/node`. Test
 * fixture: `gatewaykit/vitest`. Conformance: `gatewaykit/conformance`. The engine's building
 * blocks (routing, generation, streaming, seeded randomness), without a stability promise:
 * `gatewaykit/internals`.
 */

// Gateway
export { createGateway, DEFAULT_BASE_URL, DEFAULT_MAX_BODY_BYTES } from './gateway/create-gateway.ts';
export type { Gateway, GatewayOptions } from './gateway/create-gateway.ts';
export type { GatewayControl } from './env/gateway-control.ts';

// Clock
export { systemClock, virtualClock, DEFAULT_VIRTUAL_EPOCH_MS } from './clock/index.ts';
export type { Clock, TimerHandle, VirtualClock } from './clock/index.ts';

// Errors (spec 7)
export { GatewayError, errorBody, DOCUMENTED_STATUSES, documentedStatus, statusesFor } from './errors/index.ts';
export { errorResponse } from './http/error-response.ts';
export type { ErrorBody, GatewayErrorOptions, DocumentedStatus } from './errors/index.ts';

// Schemas (zod 4; docs/schemas.md)
export { ErrorBodySchema } from './schemas/error-body.ts';
export type { ErrorBodyShape } from './schemas/error-body.ts';
export {
  ResponsesRequestSchema,
  RequestMetadataSchema,
  CacheControlSchema,
  PromptCacheOptionsSchema,
  StoredPromptSchema,
  DebugOptionsSchema,
  ImageConfigSchema,
  ReasoningConfigViewSchema,
  TextConfigViewSchema,
  ToolChoiceViewSchema,
  RESPONSES_LIMITS,
  INCLUDE_VALUES,
  MODALITIES,
  SERVICE_TIERS,
  NOTE_A_FIELDS,
} from './schemas/responses-request.ts';
export type { ResponsesRequest, RequestMetadata, CacheControl, ReasoningConfigView, TextConfigView, ToolChoiceView } from './schemas/responses-request.ts';
export {
  ResponsesResultSchema,
  ResponseSnapshotSchema,
  IncompleteDetailsSchema,
  ResponseErrorFieldSchema,
  RESPONSE_STATUSES,
  INCOMPLETE_REASONS,
  resultOutputText,
} from './schemas/responses-result.ts';
export type { ResponsesResult, ResponseSnapshot, ResponseStatus } from './schemas/responses-result.ts';
export {
  InputItemSchema,
  InputMessageSchema,
  InputContentPartSchema,
  InputTextPartSchema,
  FunctionCallOutputItemSchema,
  OutputItemSchema,
  OutputMessageSchema,
  OutputTextPartSchema,
  RefusalPartSchema,
  ReasoningItemSchema,
  ReasoningTextPartSchema,
  SummaryTextPartSchema,
  FunctionCallItemSchema,
  AnnotationSchema,
  UrlCitationSchema,
  MESSAGE_ROLES,
} from './schemas/items.ts';
export type {
  InputItem,
  InputMessage,
  InputContentPart,
  OutputItem,
  OutputMessage,
  OutputTextPart,
  RefusalPart,
  ReasoningItem,
  FunctionCallItem,
  FunctionCallOutputItem,
  Annotation,
  UrlCitation,
} from './schemas/items.ts';
export { StreamEventSchema, KNOWN_STREAM_EVENT_TYPES, TERMINAL_EVENT_TYPES, StreamErrorEventSchema, OutputTextDeltaEventSchema } from './schemas/stream-events.ts';
export type { StreamEvent, StreamEventType } from './schemas/stream-events.ts';
export { ProviderPreferencesSchema, MaxPriceSchema, PROVIDER_PREFERENCE_KEYS, PROVIDER_SORTS, QUANTIZATIONS } from './schemas/provider-preferences.ts';
export type { ProviderPreferences, MaxPrice, ProviderSort } from './schemas/provider-preferences.ts';
export { PluginSchema, PluginsSchema, PLUGIN_IDS, FUSION_PRESETS, PARETO_PRICE_SOURCES } from './schemas/plugins.ts';
export type {
  Plugin,
  PluginId,
  FusionPlugin,
  ParetoRouterPlugin,
  WebPlugin,
  WebFetchPlugin,
  AutoRouterPlugin,
  AutoBetaRouterPlugin,
} from './schemas/plugins.ts';
export { ToolSchema, FunctionToolSchema, WebFetchToolSchema, GATEWAY_SERVER_TOOL_NAMES, isFunctionTool } from './schemas/tools.ts';
export type { Tool, FunctionTool, OtherTool } from './schemas/tools.ts';
export { UsageSchema, checkUsageArithmetic } from './schemas/usage.ts';
export type { Usage } from './schemas/usage.ts';
export { GatewayMetadataSchema, GuardrailStageSchema, PipelineStageSchema, ROUTING_STRATEGIES } from './schemas/gateway-metadata.ts';
export type { GatewayMetadata, GuardrailStage, PipelineStage } from './schemas/gateway-metadata.ts';
export { validateResponsesRequest, findResponsesConflicts } from './validation/validate-responses-request.ts';
export type { RequestConflict } from './validation/validate-responses-request.ts';

// Auth
export { ApiKeySchema, DEFAULT_API_KEYS } from './auth/api-key.ts';
export type { ApiKey, ApiKeyInput } from './auth/api-key.ts';

// Timing and replay (docs/timing.md, docs/record-replay.md)
export { resolveTiming, TIMING_MODES, DEFAULT_FIRST_TOKEN_TIMEOUT_MS, DEFAULT_GENERATION_TIMEOUT_MS } from './timing/timing-options.ts';
export type { Timing, TimingMode, TimingOptions } from './timing/timing-options.ts';
export { CassetteSchema, parseCassette } from './replay/cassette.ts';
export type { Cassette } from './replay/cassette.ts';
export type { ReplayOptions } from './replay/replayer.ts';
export { cassetteRequest, diffCassette, formatDiffReport } from './replay/diff-cassette.ts';
export type { CassetteDiff } from './replay/diff-cassette.ts';

// msw: bodies msw can clone without breaking body.cancel() (the openai SDK's retries)
export { withIndependentCopies } from './adapter/msw/independent-copies.ts';
export { releaseResponseClones } from './adapter/msw/release-response-clones.ts';

// Catalogue
export { CatalogSchema } from './catalog/catalog.ts';
export type { Catalog, CatalogInput } from './catalog/catalog.ts';
export { DEFAULT_CATALOG } from './catalog/default-catalog.ts';

// docs/catalog.md
export { parseCatalog, CatalogError } from './catalog/parse-catalog.ts';
export { ProviderSchema } from './catalog/provider.ts';
export type { Provider } from './catalog/provider.ts';
export { TextModelSchema } from './catalog/text-model.ts';
export type { TextModel } from './catalog/text-model.ts';
export { ModelEndpointSchema } from './catalog/model-endpoint.ts';
export type { ModelEndpoint } from './catalog/model-endpoint.ts';

// Scripted replies (docs/responses.md)
export { ScriptRuleSchema, ScriptReplySchema, ScriptMatchSchema, parseScriptRule, parseScriptsFile } from './scripts/script-rule.ts';
export type { ScriptRule, ScriptRuleInput, ScriptReply } from './scripts/script-rule.ts';
export type { ScriptHandle, ScriptEntry } from './scripts/script-registry.ts';

// Audio and datasets (docs/audio-and-datasets.md): POST /audio/transcriptions, GET /datasets/rankings-daily
export {
  TranscriptionRequestSchema,
  TranscriptionResponseSchema,
  TranscriptionUsageSchema,
  TranscriptionSegmentSchema,
  TranscriptionWordSchema,
  TranscriptionResponseFormatSchema,
  TimestampGranularitySchema,
} from './schemas/audio-transcription.ts';
export type { TranscriptionRequest, TranscriptionResponse, TranscriptionUsage, TranscriptionSegment, TranscriptionWord } from './schemas/audio-transcription.ts';
export { SpeechModelSchema } from './catalog/speech-model.ts';
export type { SpeechModel } from './catalog/speech-model.ts';
export { pcmWav, bytesToBase64 } from './audio/pcm-wav.ts';

// Embeddings, generations, key and credits (docs/embeddings.md, docs/account.md)
export { EmbeddingsRequestSchema, EmbeddingsResponseSchema, EmbeddingSchema } from './schemas/embeddings-request.ts';
export type { EmbeddingsRequest, EmbeddingsResponse } from './schemas/embeddings-request.ts';
export { EmbeddingModelSchema } from './catalog/embedding-model.ts';
export type { EmbeddingModel, EmbeddingModelInput } from './catalog/embedding-model.ts';
export { GenerationResponseSchema, KeyResponseSchema, CreditsResponseSchema } from './schemas/account-responses.ts';
export type { CreditsUpdate } from './account/account.ts';
export type { GenerationRecord, GenerationApiType } from './account/generation-record.ts';
export type { PcmWavOptions } from './audio/pcm-wav.ts';
export {
  RankingsDailyResponseSchema,
  RankingsDailyItemSchema,
  RankingsDailyMetaSchema,
  RankingsPeriodSchema,
  RankingsModalitySchema,
  RankingsContextBucketSchema,
  RankingsCategorySchema,
  RankingsLanguageTypeSchema,
} from './schemas/rankings-daily.ts';
export type { RankingsDailyResponse, RankingsDailyItem, RankingsDailyMeta } from './schemas/rankings-daily.ts';

// Videos (docs/videos.md): POST /videos, polling, content, webhooks
export {
  VideoGenerationRequestSchema,
  VideoJobSchema,
  VideoUsageSchema,
  VideoWebhookPayloadSchema,
  FrameImageSchema,
  InputReferenceSchema,
  VIDEO_JOB_ID_PATTERN,
  VIDEO_JOB_STATUSES,
  VIDEO_TERMINAL_STATUSES,
  isTerminalVideoStatus,
} from './schemas/videos.ts';
export type {
  VideoGenerationRequest,
  VideoJob,
  VideoJobStatus,
  VideoTerminalStatus,
  VideoUsage,
  VideoWebhookPayload,
  InputReference,
} from './schemas/videos.ts';
export { VideoJobRecordSchema } from './schemas/video-job-record.ts';
export type { VideoJobRecord, VideoJobFate, VideoWebhookState } from './schemas/video-job-record.ts';
export { VideoModelSchema, VIDEO_ASPECT_RATIOS, VIDEO_RESOLUTIONS } from './catalog/video-model.ts';
export type { VideoModel, VideoModelSimulation } from './catalog/video-model.ts';
export { verifyWebhookSignature, signWebhook, WEBHOOK_TOLERANCE_SECONDS } from './videos/webhook-signature.ts';
export type { WebhookVerification } from './videos/webhook-signature.ts';
export { DEFAULT_WEBHOOK_SECRET } from './videos/video-jobs.ts';
export type { VideoJobs, VideoJobsChange, VideoJobsPersistence, VideoJobsSnapshot, VideoWebhookOptions, WebhookAttempt } from './videos/video-jobs.ts';

// OpenAPI 3.1 description, generated from the routes and schemas
export { buildOpenApi } from './openapi/build-openapi.ts';
export type { BuildOpenApiOptions, DescribedRoute, OpenApiDocument } from './openapi/build-openapi.ts';
