import { z } from 'zod';

/**
 * GET /datasets/rankings-daily (spec 4.4: new query parameters `category`, `context_bucket`,
 * `language_type`, `modality`, `period`; values and shapes from the reference
 * `getRankingsDaily` parameters and `RankingsDailyResponse`).
 */

/** `YYYY-MM-DD` (reference parameter pattern `^\d{4}-\d{2}-\d{2}$`). */
export const RANKINGS_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** Reference: "The dataset begins at 2025-01-01". */
export const RANKINGS_FLOOR_DATE = '2025-01-01';

export const RankingsPeriodSchema = z.enum(['day', 'week', 'month']);
export type RankingsPeriod = z.infer<typeof RankingsPeriodSchema>;

/** `text` / `image_output` match output modality, `image` / `audio` input modality; `tool_calling` rows with a tool call. */
export const RankingsModalitySchema = z.enum(['text', 'image', 'image_output', 'audio', 'tool_calling']);
export type RankingsModality = z.infer<typeof RankingsModalitySchema>;

export const RankingsContextBucketSchema = z.enum(['1K', '10K', '100K', '1M', '10M']);
export type RankingsContextBucket = z.infer<typeof RankingsContextBucketSchema>;

export const RankingsCategorySchema = z.enum([
  'programming',
  'roleplay',
  'marketing',
  'marketing/seo',
  'technology',
  'science',
  'translation',
  'legal',
  'finance',
  'health',
  'trivia',
  'academia',
]);
export type RankingsCategory = z.infer<typeof RankingsCategorySchema>;

export const RankingsLanguageTypeSchema = z.enum(['natural', 'programming']);
export type RankingsLanguageType = z.infer<typeof RankingsLanguageTypeSchema>;

/** Reference `RankingsDailyItem`: totals are decimal strings so 64-bit values survive JSON. */
export const RankingsDailyItemSchema = z.object({
  date: z.string().regex(RANKINGS_DATE_PATTERN),
  model_permaslug: z.string().min(1),
  total_tokens: z.string().regex(/^\d+$/),
});
export type RankingsDailyItem = z.infer<typeof RankingsDailyItemSchema>;

/** Reference `RankingsDailyMeta`. */
export const RankingsDailyMetaSchema = z.object({
  as_of: z.string(),
  version: z.literal('v1'),
  start_date: z.string().regex(RANKINGS_DATE_PATTERN),
  end_date: z.string().regex(RANKINGS_DATE_PATTERN),
});
export type RankingsDailyMeta = z.infer<typeof RankingsDailyMetaSchema>;

/**
 * Reference `RankingsDailyResponse`.
 *
 * @example
 * RankingsDailyResponseSchema.parse(await (await fetch(`${base}/datasets/rankings-daily`, { headers })).json());
 */
export const RankingsDailyResponseSchema = z.object({
  data: z.array(RankingsDailyItemSchema),
  meta: RankingsDailyMetaSchema,
});
export type RankingsDailyResponse = z.infer<typeof RankingsDailyResponseSchema>;
