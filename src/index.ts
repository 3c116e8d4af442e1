/**
 * gatewaykit: a simulated Gateway API (msw handlers and a fetch function over one core) and what
 * a user of it needs: the clocks, the errors, the types of every request and answer, scripted
 * replies and the catalogue types. The zod schemas of those requests and answers:
 * `gatewaykit/schemas`. Server mode: `gatewaykit/node`. Test fixture: `gatewaykit/vitest`.
 * Conformance: `gatewaykit/conformance`. The engine's building blocks (routing, generation,
 * streaming, seeded randomness, msw and HTTP plumbing), without a stability promise:
 * `gatewaykit/internals`.
 */

// Gateway
export { createGateway, DEFAULT_BASE_URL, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_SCOPES } from './gateway/create-gateway.ts';
export type { Gateway, GatewayOptions } from './gateway/create-gateway.ts';
export type { GatewayScope } from './gateway/gateway-scope.ts';
export { SCOPE_HEADER } from './http/scope-id.ts';
export type { GatewayControl } from './env/gateway-control.ts';

// Clock
export { systemClock, virtualClock, DEFAULT_VIRTUAL_EPOCH_MS } from './clock/index.ts';
export type { Clock, TimerHandle, VirtualClock } from './clock/index.ts';

// Errors (spec 7)
export { GatewayError, errorBody, DOCUMENTED_STATUSES, documentedStatus, statusesFor } from './errors/index.ts';
export type { ErrorBody, GatewayErrorOptions, DocumentedStatus } from './errors/index.ts';

// Types of the requests and answers (zod 4 schemas: gatewaykit/schemas; docs/schemas.md)
export type { ErrorBodyShape } from './schemas/error-body.ts';
export type { ResponsesRequest, RequestMetadata, CacheControl, ReasoningConfigView, TextConfigView, ToolChoiceView } from './schemas/responses-request.ts';
export type { ResponsesResult, ResponseSnapshot, ResponseStatus } from './schemas/responses-result.ts';
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
export type { StreamEvent, StreamEventType } from './schemas/stream-events.ts';
export type { ProviderPreferences, MaxPrice, ProviderSort } from './schemas/provider-preferences.ts';
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
export type { Tool, FunctionTool, OtherTool } from './schemas/tools.ts';
export type { Usage } from './schemas/usage.ts';
export type { GatewayMetadata, GuardrailStage, PipelineStage } from './schemas/gateway-metadata.ts';
export type { RequestConflict } from './validation/validate-responses-request.ts';

// Auth
export { DEFAULT_API_KEYS } from './auth/api-key.ts';
export type { ApiKey, ApiKeyInput } from './auth/api-key.ts';

// Timing and replay (docs/timing.md, docs/record-replay.md)
export { resolveTiming, TIMING_MODES, DEFAULT_FIRST_TOKEN_TIMEOUT_MS, DEFAULT_GENERATION_TIMEOUT_MS } from './timing/timing-options.ts';
export type { Timing, TimingMode, TimingOptions } from './timing/timing-options.ts';
export { parseCassette } from './replay/cassette.ts';
export type { Cassette } from './replay/cassette.ts';
export type { ReplayOptions } from './replay/replayer.ts';
export { cassetteRequest, diffCassette, formatDiffReport } from './replay/diff-cassette.ts';
export type { CassetteDiff } from './replay/diff-cassette.ts';

// Catalogue
export type { Catalog, CatalogInput } from './catalog/catalog.ts';
export { DEFAULT_CATALOG } from './catalog/default-catalog.ts';
export { smallCatalog } from './catalog/small-catalog.ts';
export { CATALOG_NAMES, type CatalogName } from './catalog/named-catalog.ts';

// docs/catalog.md
export { parseCatalog, CatalogError } from './catalog/parse-catalog.ts';
export type { Provider } from './catalog/provider.ts';
export type { TextModel } from './catalog/text-model.ts';
export type { ModelEndpoint } from './catalog/model-endpoint.ts';

// Scripted replies (docs/responses.md)
export { parseScriptRule, parseScriptsFile } from './scripts/script-rule.ts';
export type { ScriptRule, ScriptRuleInput, ScriptReply } from './scripts/script-rule.ts';
export type { ScriptHandle, ScriptEntry } from './scripts/script-registry.ts';

// Audio and datasets (docs/audio-and-datasets.md): POST /audio/transcriptions, GET /datasets/rankings-daily
export type {
  TranscriptionRequest,
  TranscriptionResponse,
  TranscriptionUsage,
  TranscriptionSegment,
  TranscriptionWord,
} from './schemas/audio-transcription.ts';
export type { SpeechModel } from './catalog/speech-model.ts';
export { pcmWav, bytesToBase64 } from './audio/pcm-wav.ts';

// Embeddings, generations, key and credits (docs/embeddings.md, docs/account.md)
export type { EmbeddingsRequest, EmbeddingsResponse } from './schemas/embeddings-request.ts';
export type { EmbeddingModel, EmbeddingModelInput } from './catalog/embedding-model.ts';
export type { CreditsUpdate } from './account/account.ts';
export type { GenerationRecord, GenerationApiType } from './account/generation-record.ts';
export type { PcmWavOptions } from './audio/pcm-wav.ts';
export type { RankingsDailyResponse, RankingsDailyItem, RankingsDailyMeta } from './schemas/rankings-daily.ts';

// Videos (docs/videos.md): POST /videos, polling, content, webhooks
export type {
  VideoGenerationRequest,
  VideoJob,
  VideoJobStatus,
  VideoTerminalStatus,
  VideoUsage,
  VideoWebhookPayload,
  InputReference,
} from './schemas/videos.ts';
export type { VideoJobRecord, VideoJobFate, VideoWebhookState } from './schemas/video-job-record.ts';
export type { VideoModel, VideoModelSimulation } from './catalog/video-model.ts';
export { verifyWebhookSignature, signWebhook, WEBHOOK_TOLERANCE_SECONDS } from './webhooks/webhook-signature.ts';
export type { WebhookVerification } from './webhooks/webhook-signature.ts';
export { DEFAULT_WEBHOOK_SECRET } from './videos/video-jobs.ts';
export type { VideoJobs, VideoJobsChange, VideoJobsPersistence, VideoJobsSnapshot, VideoWebhookOptions, WebhookAttempt } from './videos/video-jobs.ts';

// OpenAPI 3.1 description, generated from the routes and schemas
// `buildOpenApi` is the gateway's: the operations table's docs unless others are given.
export { buildGatewayOpenApi as buildOpenApi, gatewayOpenApiDocs } from './gateway/openapi-docs.ts';
export type { BuildOpenApiOptions, DescribedRoute, OpenApiDocs, OpenApiDocument } from './openapi/build-openapi.ts';
export type { ComponentSchemas, OperationDoc, OperationDocs, ParameterDoc } from './openapi/operation-doc.ts';
