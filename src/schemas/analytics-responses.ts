import { z } from 'zod';

/** reference `ActivityItem`: `workspace_id` only with `group_by=workspace`. */
export const ActivityItemSchema = z.object({
  date: z.string(),
  model: z.string(),
  model_permaslug: z.string(),
  endpoint_id: z.string(),
  provider_name: z.string(),
  usage: z.number(),
  byok_usage_inference: z.number(),
  requests: z.number().int(),
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  reasoning_tokens: z.number().int(),
  workspace_id: z.string().optional(),
});

/** reference `ActivityResponse` (getUserActivity). */
export const ActivityResponseSchema = z.object({ data: z.array(ActivityItemSchema) });

const Labelled = { name: z.string(), display_label: z.string() };

/** reference getAnalyticsMeta answer. */
export const AnalyticsMetaResponseSchema = z.object({
  data: z.object({
    metrics: z.array(z.object({ ...Labelled, is_rate: z.boolean(), display_format: z.enum(['number', 'currency', 'percent', 'latency', 'throughput']) })),
    dimensions: z.array(z.object(Labelled)),
    operators: z.array(z.object({ name: z.enum(['eq', 'neq', 'in', 'not_in', 'gt', 'gte', 'lt', 'lte']), value_type: z.enum(['scalar', 'array']) })),
    granularities: z.array(z.object({ name: z.enum(['minute', 'hour', 'day', 'week', 'month']), display_label: z.string() })),
  }),
});

/** reference queryAnalytics answer: rows of metric and dimension values. */
export const AnalyticsQueryResponseSchema = z.object({
  data: z.object({
    data: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
    metadata: z.object({ query_time_ms: z.number(), row_count: z.number().int(), truncated: z.boolean() }),
    warnings: z.array(z.string()).optional(),
  }),
});

/** The component schemas of `/openapi.json` for the Analytics operations. */
export const ANALYTICS_COMPONENTS = {
  ActivityResponse: ActivityResponseSchema,
  AnalyticsMetaResponse: AnalyticsMetaResponseSchema,
  AnalyticsQueryResponse: AnalyticsQueryResponseSchema,
} as const;
