import { z } from 'zod';

const nullableString = z.string().nullable();
const nullableInt = z.number().int().nullable();

/** reference `GenerationResponse`: one recorded answer, every required member of the reference. */
export const GenerationResponseSchema = z.object({
  data: z.object({
    id: z.string(),
    upstream_id: nullableString,
    total_cost: z.number(),
    cache_discount: z.number().nullable(),
    upstream_inference_cost: z.number().nullable(),
    created_at: z.string(),
    model: z.string(),
    app_id: nullableInt,
    streamed: z.boolean().nullable(),
    cancelled: z.boolean().nullable(),
    provider_name: nullableString,
    latency: z.number().nullable(),
    moderation_latency: z.number().nullable(),
    generation_time: z.number().nullable(),
    finish_reason: nullableString,
    native_finish_reason: nullableString,
    service_tier: nullableString,
    tokens_prompt: nullableInt,
    tokens_completion: nullableInt,
    native_tokens_prompt: nullableInt,
    native_tokens_completion: nullableInt,
    native_tokens_completion_images: nullableInt,
    native_tokens_reasoning: nullableInt,
    native_tokens_cached: nullableInt,
    num_media_prompt: nullableInt,
    num_input_audio_prompt: nullableInt,
    num_media_completion: nullableInt,
    num_search_results: nullableInt,
    num_fetches: nullableInt,
    web_search_engine: nullableString,
    origin: z.string(),
    usage: z.number(),
    is_byok: z.boolean(),
    external_user: nullableString,
    api_type: z.enum(['completions', 'embeddings', 'rerank', 'tts', 'stt', 'video', 'image']).nullable(),
    preset_id: nullableString,
    router: nullableString,
    provider_responses: z.array(z.unknown()).nullable(),
    user_agent: nullableString,
    http_referer: nullableString,
    data_region: z.enum(['global', 'europe', 'us']),
    workspace_id: nullableString,
    session_id: nullableString,
    request_id: nullableString,
  }),
});

/** reference `GET /key` 200: the calling key's limit, usage and flags. */
export const KeyResponseSchema = z.object({
  data: z.object({
    label: z.string(),
    limit: z.number().nullable(),
    usage: z.number(),
    usage_daily: z.number(),
    usage_weekly: z.number(),
    usage_monthly: z.number(),
    byok_usage: z.number(),
    byok_usage_daily: z.number(),
    byok_usage_weekly: z.number(),
    byok_usage_monthly: z.number(),
    is_free_tier: z.boolean(),
    is_management_key: z.boolean(),
    is_provisioning_key: z.boolean(),
    limit_remaining: z.number().nullable(),
    limit_reset: z.string().nullable(),
    include_byok_in_limit: z.boolean(),
    creator_user_id: nullableString,
    expires_at: nullableString,
    rate_limit: z.object({ requests: z.number().int(), interval: z.string(), note: z.string() }),
    // Required by the official SDK (@openrouter/sdk), not listed by the reference.
    allowed_data_regions: z.array(z.string()),
    organization_id: nullableString,
    workspace_id: nullableString,
    free_model_daily_requests: z.object({ limit: z.number().int(), remaining: z.number().int(), used: z.number().int() }),
  }),
});

/** reference `GET /credits` 200: the account's purchased credits and what it has used, USD. */
export const CreditsResponseSchema = z.object({ data: z.object({ total_credits: z.number(), total_usage: z.number() }) });
