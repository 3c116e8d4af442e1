import { GatewayError } from '../errors/gateway-error.ts';
import {
  RankingsCategorySchema,
  RankingsContextBucketSchema,
  RankingsLanguageTypeSchema,
  RankingsModalitySchema,
  RankingsPeriodSchema,
  type RankingsCategory,
  type RankingsContextBucket,
  type RankingsLanguageType,
  type RankingsModality,
  type RankingsPeriod,
} from '../schemas/rankings-daily.ts';
import { DATASET_FLOOR_DAY, DEFAULT_WINDOW_DAYS, parseDateWindow } from './date-window.ts';
import { oneParam } from './query-params.ts';

/** A validated rankings query with its resolved window (UTC day numbers). */
export interface RankingsQuery {
  readonly startDay: number;
  readonly endDay: number;
  /** The most recent completed UTC day at the gateway clock: no data exists after it. */
  readonly lastCompleteDay: number;
  readonly period: RankingsPeriod;
  /** `exact`: the daily dataset; `sampled`: the weekly, upsampled one behind category/language_type. */
  readonly dataset: 'exact' | 'sampled';
  readonly modality?: RankingsModality;
  readonly contextBucket?: RankingsContextBucket;
  readonly category?: RankingsCategory;
  readonly languageType?: RankingsLanguageType;
}

export const RANKINGS_FLOOR_DAY = DATASET_FLOOR_DAY;
export { DEFAULT_WINDOW_DAYS };

const ENUMS = {
  period: RankingsPeriodSchema,
  modality: RankingsModalitySchema,
  context_bucket: RankingsContextBucketSchema,
  category: RankingsCategorySchema,
  language_type: RankingsLanguageTypeSchema,
} as const;

function enumValue<K extends keyof typeof ENUMS>(params: URLSearchParams, name: K) {
  const raw = oneParam(params, name);
  if (raw === undefined) return undefined;
  const parsed = ENUMS[name].safeParse(raw);
  if (!parsed.success) {
    const allowed = ENUMS[name].options.map((o) => JSON.stringify(o)).join(', ');
    throw new GatewayError(400, `${name}: must be one of ${allowed} (got ${JSON.stringify(raw)})`);
  }
  return parsed.data as (typeof ENUMS)[K]['options'][number];
}

/**
 * Validate the query of GET /datasets/rankings-daily and resolve its window against the gateway
 * clock, with the reference's rules:
 * - dates match `YYYY-MM-DD` and are real dates; `end_date` defaults to the most recent completed
 *   UTC day and before 2025-01-01 is a 400; `start_date` defaults to a 30-day window ending at
 *   `end_date` and is clamped forward to 2025-01-01 (echoed in `meta.start_date`);
 * - `category` and `language_type` read the sampled weekly dataset: they exclude each other and the
 *   exact filters `modality`/`context_bucket`, and reject `period=day` (their default is `week`).
 * Also (not stated by the reference; documented): an `end_date` past the last completed day is
 * clamped back to it, a window that ends before it starts is a 400, a parameter given twice is a 400.
 * Unknown parameters are ignored, as most HTTP APIs do.
 *
 * @example
 * parseRankingsQuery(new URLSearchParams('period=week&modality=text'), clock.now());
 */
export function parseRankingsQuery(params: URLSearchParams, nowMs: number): RankingsQuery {
  const period = enumValue(params, 'period');
  const modality = enumValue(params, 'modality');
  const contextBucket = enumValue(params, 'context_bucket');
  const category = enumValue(params, 'category');
  const languageType = enumValue(params, 'language_type');

  if (category !== undefined && languageType !== undefined) {
    throw new GatewayError(400, 'category: cannot be combined with language_type (each reads its own sampled dataset)');
  }
  const sampledName = category !== undefined ? 'category' : languageType !== undefined ? 'language_type' : undefined;
  if (sampledName) {
    const exact = modality !== undefined ? 'modality' : contextBucket !== undefined ? 'context_bucket' : undefined;
    if (exact)
      throw new GatewayError(400, `${sampledName}: cannot be combined with ${exact} (${sampledName} reads the sampled dataset, ${exact} the exact one)`);
    if (period === 'day')
      throw new GatewayError(400, `period: "day" is not available with ${sampledName}, whose dataset is aggregated weekly (use "week" or "month")`);
  }

  const { startDay, endDay, lastCompleteDay } = parseDateWindow(params, nowMs);
  const query: RankingsQuery = {
    startDay,
    endDay,
    lastCompleteDay,
    period: period ?? (sampledName ? 'week' : 'day'),
    dataset: sampledName ? 'sampled' : 'exact',
    ...(modality !== undefined ? { modality } : {}),
    ...(contextBucket !== undefined ? { contextBucket } : {}),
    ...(category !== undefined ? { category } : {}),
    ...(languageType !== undefined ? { languageType } : {}),
  };
  return query;
}
