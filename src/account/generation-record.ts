import type { GenerationContent } from './generation-content.ts';

/** reference `GenerationResponse.api_type`. */
export type GenerationApiType = 'completions' | 'embeddings' | 'rerank' | 'tts' | 'stt' | 'video' | 'image';

/**
 * What a surface knows about one paid answer, given to `recordGeneration` (one call per answer):
 * the facts the reference `GenerationResponse` reports, in the surface's own terms.
 */
export interface GenerationRecord {
  /** The answer's `X-Generation-Id`. */
  readonly id: string;
  readonly apiType: GenerationApiType;
  /** The model that served the answer (after routing). */
  readonly model: string;
  /** The serving provider's display name (as `gateway_metadata` names it), or null. */
  readonly providerName: string | null;
  readonly streamed: boolean;
  /** Normalised finish reason (`stop`, `length`, `tool_calls`, ...), or null when the operation has none. */
  readonly finishReason: string | null;
  /** The surface's own word for it (`completed`, `end_turn`, ...); defaults to `finishReason`. */
  readonly nativeFinishReason?: string | null;
  readonly tokensPrompt: number;
  readonly tokensCompletion: number;
  readonly reasoningTokens?: number;
  readonly cachedTokens?: number;
  /** What the gateway charged (usage.cost), USD. */
  readonly cost: number;
  /** The part of `cost` the completion tokens make (a cancelled stream is charged its share of it). */
  readonly completionCost?: number;
  /** A stream the client left before its end: charged for what was sent (docs/account.md). */
  readonly cancelled?: boolean;
  /** What a BYOK provider billed directly (usage.cost_details.upstream_inference_cost), USD. */
  readonly upstreamCost?: number | null;
  readonly isByok: boolean;
  /** Gateway clock (ms) when the request arrived. */
  readonly createdAt: number;
  /** ms on the gateway clock from arrival to the end of the answer. */
  readonly latencyMs: number;
  /** ms on the gateway clock the model spent producing the answer. */
  readonly generationTimeMs: number;
  /** The key that paid: its usage and the account's move by `cost`. */
  readonly apiKey: string;
  readonly sessionId?: string | null;
  /** The request's `user` field (reference `external_user`). */
  readonly externalUser?: string | null;
  readonly router?: string | null;
  readonly upstreamId?: string | null;
  /** Request headers the reference reports: `User-Agent`, `HTTP-Referer` (or `Referer`), `Origin`. */
  readonly userAgent?: string | null;
  readonly httpReferer?: string | null;
  readonly origin?: string | null;
  readonly numMediaPrompt?: number;
  readonly numSearchResults?: number;
  readonly numFetches?: number;
  /** What the generation read and wrote (`GET /generation/content`): text generations keep it, and it goes with the record. */
  readonly content?: GenerationContent;
}

/**
 * The reference `GenerationResponse.data` of a recorded answer (every required member present;
 * what the simulator has no notion of, such as `app_id` or `preset_id`, is null).
 *
 * @example
 * generationData(record).total_cost; // record.cost
 */
export function generationData(r: GenerationRecord): Record<string, unknown> {
  return {
    id: r.id,
    upstream_id: r.upstreamId ?? null,
    total_cost: r.cost,
    cache_discount: null,
    upstream_inference_cost: r.upstreamCost ?? null,
    created_at: new Date(r.createdAt).toISOString(),
    model: r.model,
    app_id: null,
    streamed: r.streamed,
    cancelled: r.cancelled ?? false,
    provider_name: r.providerName,
    latency: r.latencyMs,
    moderation_latency: null,
    generation_time: r.generationTimeMs,
    finish_reason: r.finishReason,
    native_finish_reason: r.nativeFinishReason === undefined ? r.finishReason : r.nativeFinishReason,
    service_tier: null,
    tokens_prompt: r.tokensPrompt,
    tokens_completion: r.tokensCompletion,
    native_tokens_prompt: r.tokensPrompt,
    native_tokens_completion: r.tokensCompletion,
    native_tokens_completion_images: 0,
    native_tokens_reasoning: r.reasoningTokens ?? 0,
    native_tokens_cached: r.cachedTokens ?? 0,
    num_media_prompt: r.numMediaPrompt ?? 0,
    num_input_audio_prompt: 0,
    num_media_completion: 0,
    num_search_results: r.numSearchResults ?? 0,
    num_fetches: r.numFetches ?? 0,
    web_search_engine: null,
    origin: r.origin ?? '',
    usage: r.cost,
    is_byok: r.isByok,
    external_user: r.externalUser ?? null,
    api_type: r.apiType,
    preset_id: null,
    router: r.router ?? null,
    provider_responses: null,
    user_agent: r.userAgent ?? null,
    http_referer: r.httpReferer ?? null,
    data_region: 'global',
    workspace_id: null,
    session_id: r.sessionId ?? null,
    request_id: null,
  };
}
