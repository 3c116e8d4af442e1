/**
 * gatewaykit/schemas: the zod 4 schemas of every request and answer the simulated gateway
 * speaks (spec 2 to 7), with their vocabularies (limits, enums) and the small checks that go with
 * them. Use them to validate what a gateway sends back, or to build requests in tests. The types
 * they infer are also exported from `gatewaykit`, so code that only needs the types keeps one
 * import.
 */

// Errors (spec 7)
export { ErrorBodySchema } from './schemas/error-body.ts';
export type { ErrorBodyShape } from './schemas/error-body.ts';

// POST /responses
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
export {
  StreamEventSchema,
  KNOWN_STREAM_EVENT_TYPES,
  TERMINAL_EVENT_TYPES,
  StreamErrorEventSchema,
  OutputTextDeltaEventSchema,
} from './schemas/stream-events.ts';
export type { StreamEvent, StreamEventType } from './schemas/stream-events.ts';
export { ProviderPreferencesSchema, MaxPriceSchema, PROVIDER_PREFERENCE_KEYS, PROVIDER_SORTS, QUANTIZATIONS } from './schemas/provider-preferences.ts';
export { PluginSchema, PluginsSchema, PLUGIN_IDS, FUSION_PRESETS, PARETO_PRICE_SOURCES } from './schemas/plugins.ts';
export { ToolSchema, FunctionToolSchema, WebFetchToolSchema, GATEWAY_SERVER_TOOL_NAMES, isFunctionTool } from './schemas/tools.ts';
export { UsageSchema, checkUsageArithmetic } from './schemas/usage.ts';
export { GatewayMetadataSchema, GuardrailStageSchema, PipelineStageSchema, ROUTING_STRATEGIES } from './schemas/gateway-metadata.ts';
export { validateResponsesRequest, findResponsesConflicts } from './validation/validate-responses-request.ts';
export type { RequestConflict } from './validation/validate-responses-request.ts';

// POST /chat/completions
export { ChatRequestSchema, ChatMessageSchema, ChatToolSchema, CHAT_LIMITS, CHAT_ROLES } from './schemas/chat-request.ts';
export type { ChatRequest, ChatMessage, ChatTool } from './schemas/chat-request.ts';
export { ChatResultSchema, ChatStreamChunkSchema, ChatUsageSchema, CHAT_FINISH_REASONS } from './schemas/chat-result.ts';
export type { ChatResult, ChatStreamChunk, ChatUsage } from './schemas/chat-result.ts';

// POST /messages
export { MessagesRequestSchema, MessageParamSchema, MessagesToolSchema, MESSAGES_LIMITS } from './schemas/messages-request.ts';
export type { MessagesRequest, MessageParam, MessagesTool } from './schemas/messages-request.ts';
export { MessagesResultSchema, MessagesStreamEventSchema, MessagesErrorBodySchema, STOP_REASONS } from './schemas/messages-result.ts';
export type { MessagesResultShape, MessagesStreamEventShape } from './schemas/messages-result.ts';

// Keys, catalogue, scripted replies, cassettes
export { ApiKeySchema } from './auth/api-key.ts';
export { CatalogSchema } from './catalog/catalog.ts';
export { ProviderSchema } from './catalog/provider.ts';
export { TextModelSchema } from './catalog/text-model.ts';
export { ModelEndpointSchema } from './catalog/model-endpoint.ts';
export { SpeechModelSchema } from './catalog/speech-model.ts';
export { EmbeddingModelSchema } from './catalog/embedding-model.ts';
export { VideoModelSchema, VIDEO_ASPECT_RATIOS, VIDEO_RESOLUTIONS } from './catalog/video-model.ts';
export { ScriptRuleSchema, ScriptReplySchema, ScriptMatchSchema } from './scripts/script-rule.ts';
export { CassetteSchema } from './replay/cassette.ts';

// Audio, datasets, embeddings, account, videos
export {
  TranscriptionRequestSchema,
  TranscriptionResponseSchema,
  TranscriptionUsageSchema,
  TranscriptionSegmentSchema,
  TranscriptionWordSchema,
  TranscriptionResponseFormatSchema,
  TimestampGranularitySchema,
} from './schemas/audio-transcription.ts';
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
export { EmbeddingsRequestSchema, EmbeddingsResponseSchema, EmbeddingSchema } from './schemas/embeddings-request.ts';
export { GenerationResponseSchema, KeyResponseSchema, CreditsResponseSchema } from './schemas/account-responses.ts';
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
export { VideoJobRecordSchema } from './schemas/video-job-record.ts';
