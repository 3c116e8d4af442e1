import type { TextModel } from '../catalog/text-model.ts';
import type { RankingsDailyResponse } from '../schemas/rankings-daily.ts';
import type { RankingsQuery } from './rankings-query.ts';
import { contextBucketTokens, dailyTokens, recordedToolCall, sampledWeekTokens } from './model-traffic.ts';
import { rankBucket } from './rank-bucket.ts';
import { rankedModels, type RankedModel } from './ranked-model.ts';
import { formatUtcDay, isoWeekStart, monthStart } from './utc-day.ts';

function matchesModality(model: RankedModel, query: RankingsQuery): boolean {
  switch (query.modality) {
    case undefined:
    case 'tool_calling':
      return true;
    case 'text':
      return model.outputModalities.includes('text');
    case 'image_output':
      return model.outputModalities.includes('image');
    case 'image':
      return model.inputModalities.includes('image');
    case 'audio':
      return model.inputModalities.includes('audio');
  }
}

function add(buckets: Map<number, Map<string, bigint>>, key: number, slug: string, tokens: number) {
  if (tokens <= 0) return;
  let totals = buckets.get(key);
  if (!totals) buckets.set(key, (totals = new Map()));
  totals.set(slug, (totals.get(slug) ?? 0n) + BigInt(tokens));
}

/** Exact dataset: every day of the window, filtered, then bucketed by day / ISO week / month start. */
function exactBuckets(models: readonly RankedModel[], query: RankingsQuery, seed: number) {
  const buckets = new Map<number, Map<string, bigint>>();
  const bucketOf = (day: number) => (query.period === 'week' ? isoWeekStart(day) : query.period === 'month' ? monthStart(day) : day);
  for (let day = query.startDay; day <= query.endDay; day++) {
    for (const model of models) {
      let tokens = dailyTokens(model, day, seed);
      if (query.modality === 'tool_calling' && !recordedToolCall(model, day, seed)) tokens = 0;
      if (query.contextBucket !== undefined) tokens = contextBucketTokens(model, tokens, query.contextBucket, seed);
      add(buckets, bucketOf(day), model.permaslug, tokens);
    }
  }
  return buckets;
}

/**
 * Sampled dataset (category / language_type): whole ISO weeks whose start lies in the window, so
 * the trailing week may include traffic past end_date (reference), never past the last completed
 * day; `month` sums each week into the month of its start.
 */
function sampledBuckets(models: readonly RankedModel[], query: RankingsQuery, seed: number) {
  const buckets = new Map<number, Map<string, bigint>>();
  const filter = query.category !== undefined ? { category: query.category } : { languageType: query.languageType ?? 'natural' };
  let week = isoWeekStart(query.startDay);
  if (week < query.startDay) week += 7;
  for (; week <= query.endDay; week += 7) {
    const key = query.period === 'month' ? monthStart(week) : week;
    for (const model of models) {
      let weekTokens = 0;
      for (let day = week; day < week + 7 && day <= query.lastCompleteDay; day++) weekTokens += dailyTokens(model, day, seed);
      add(buckets, key, model.permaslug, sampledWeekTokens(model, weekTokens, week, filter, seed));
    }
  }
  return buckets;
}

/**
 * The rankings dataset for a query: a pure function of (catalogue models, seed, resolved query,
 * generation time). Rows sorted by date ascending, then per {@link rankBucket}.
 *
 * @example
 * rankingsDaily(catalog.models, 0, parseRankingsQuery(url.searchParams, now), now);
 * // { data: [{ date: '2025-12-02', model_permaslug: 'openai/gpt-5', total_tokens: '14023...' }, ...],
 * //   meta: { as_of: '2026-01-01T00:00:00.000Z', version: 'v1', start_date: '2025-12-02', end_date: '2025-12-31' } }
 */
export function rankingsDaily(catalogModels: readonly TextModel[], seed: number, query: RankingsQuery, asOfMs: number): RankingsDailyResponse {
  const models = rankedModels(catalogModels, seed).filter((m) => matchesModality(m, query));
  const buckets = query.dataset === 'sampled' ? sampledBuckets(models, query, seed) : exactBuckets(models, query, seed);
  const data = [...buckets.keys()].sort((a, b) => a - b).flatMap((key) => rankBucket(formatUtcDay(key), buckets.get(key) as Map<string, bigint>));
  return {
    data,
    meta: {
      as_of: new Date(asOfMs).toISOString(),
      version: 'v1',
      start_date: formatUtcDay(query.startDay),
      end_date: formatUtcDay(query.endDay),
    },
  };
}
