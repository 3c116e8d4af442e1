/**
 * gatewaykit/internals: the building blocks of the simulator (routing, plugins, generation,
 * tokenizer, streaming encoders, video and audio engines, seeded randomness) for tools that go
 * beyond the public API. No stability promise: names and shapes here may change in any release.
 * Users of the simulator need only `gatewaykit`, `gatewaykit/node`, `gatewaykit/vitest` and
 * `gatewaykit/conformance`.
 */

export type { GatewayEnv } from './env/gateway-env.ts';
export { formatZodError, gatewayZodErrorMap } from './errors/format-zod-error.ts';
export { parseApiKeys } from './auth/api-key.ts';
export { FORCED_RETRY_AFTER_MS, retryAfterHeaders } from './errors/retry-after.ts';
export { mergeCatalogInputs } from './catalog/merge-catalog-inputs.ts';
export { modelListing } from './catalog/model-listing.ts';
export { parseModelQuery, selectModels, MODEL_SORTS } from './catalog/model-query.ts';
export { resolveRoute, AUTO_MODEL } from './routing/resolve-route.ts';
export type { RouteDecision, RouteInput } from './routing/resolve-route.ts';
export type { PluginEffects } from './plugins/plugin-effects.ts';
export { readPreferences } from './routing/route-preferences.ts';
export type { RoutePreferences } from './routing/route-preferences.ts';
export { MODERATION_MARKER } from './plugins/moderation.ts';
export { healJson } from './plugins/heal-json.ts';
export { WEB_CORPUS } from './plugins/web-search.ts';
export { FETCH_PAGES } from './plugins/web-fetch.ts';
export { createScriptRegistry } from './scripts/script-registry.ts';
export type { ScriptRegistry } from './scripts/script-registry.ts';
export { jsonSchemaInstance, schemaInstance } from './generation/json-schema-instance.ts';
export { loadTokenizer } from './generation/tokenizer.ts';
export type { Tokenizer } from './generation/tokenizer.ts';
export { responseEvents } from './streaming/response-events.ts';
export type { ResponseStreamEvent } from './streaming/response-events.ts';
export { encodeSseEvent, SSE_KEEPALIVE, SSE_DONE } from './streaming/encode-sse.ts';
export { parseWavHeader } from './audio/wav-header.ts';
export type { WavInfo } from './audio/wav-header.ts';
export { rankingsDaily } from './datasets/rankings-daily.ts';
export { parseRankingsQuery } from './datasets/rankings-query.ts';
export type { RankingsQuery } from './datasets/rankings-query.ts';
export { videoModelListing, isUpscalingModel } from './catalog/video-model.ts';
export { videoJobStatus, videoJobView, videoWebhookPayload } from './videos/video-job-state.ts';
export { createVideoJobs } from './videos/video-jobs.ts';
export type { VideoJobsOptions } from './videos/video-jobs.ts';
export { buildMp4 } from './videos/build-mp4.ts';
export type { Mp4Options } from './videos/build-mp4.ts';
export { seededRandom, hash53, stableStringify } from './random/index.ts';
export type { SeededRandom } from './random/index.ts';
export { gatewayInternals } from './gateway/gateway-internals.ts';
// msw and HTTP plumbing, out of the root entry since the schemas split (docs/decisions/0039)
export { errorResponse } from './http/error-response.ts';
export { withIndependentCopies } from './msw/independent-copies.ts';
export { releaseResponseClones } from './msw/release-response-clones.ts';
// A test set-up's view of every answer (the package's own tests judge each against the reference).
export { observeExchanges } from './gateway/exchange-observer.ts';
export type { Exchange, ExchangeObserver } from './gateway/exchange-observer.ts';
