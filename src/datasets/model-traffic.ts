import { seededRandom } from '../random/seeded-random.ts';
import type { RankingsCategory, RankingsContextBucket, RankingsLanguageType } from '../schemas/rankings-daily.ts';
import { RankingsCategorySchema, RankingsContextBucketSchema } from '../schemas/rankings-daily.ts';
import type { RankedModel } from './ranked-model.ts';
import { isoWeekday } from './utc-day.ts';

/** Context-length buckets: a request falls in the first bucket whose upper bound holds it. */
export const CONTEXT_BUCKET_UPPER: Readonly<Record<RankingsContextBucket, number>> = {
  '1K': 1_000,
  '10K': 10_000,
  '100K': 100_000,
  '1M': 1_000_000,
  '10M': 10_000_000,
};

/** Days a new model takes to reach its typical traffic. */
const RAMP_DAYS = 14;

/**
 * Tokens (prompt + completion) of `model` on `day`: zero before launch, then a two-week ramp,
 * quieter weekends and a seeded daily wobble. A pure function of (model, day, seed).
 *
 * @example
 * dailyTokens(model, parseUtcDay('2025-06-01')!, 0); // 1234567890
 */
export function dailyTokens(model: RankedModel, day: number, seed: number): number {
  if (day < model.launchDay) return 0;
  const rng = seededRandom(seed, 'rankings-daily', 'day', model.permaslug, String(day));
  const ramp = Math.min(1, (day - model.launchDay + 1) / RAMP_DAYS);
  const weekend = isoWeekday(day) >= 5 ? 0.8 : 1;
  return Math.round(model.dailyTokens * ramp * weekend * (0.85 + rng.float() * 0.3));
}

/** Did `model` record at least one tool call on `day`? (Tool-capable models: most days.) */
export function recordedToolCall(model: RankedModel, day: number, seed: number): boolean {
  if (!model.toolCalling) return false;
  return seededRandom(seed, 'rankings-daily', 'tools', model.permaslug, String(day)).float() < 0.9;
}

/**
 * Split `total` over the context buckets the model can serve (those starting below its context
 * length), by seeded per-model weights, with largest remainders so the parts add up to `total`
 * exactly: summing every bucket's rows gives back the unfiltered total.
 */
export function contextBucketTokens(model: RankedModel, total: number, bucket: RankingsContextBucket, seed: number): number {
  const buckets = RankingsContextBucketSchema.options;
  const rng = seededRandom(seed, 'rankings-daily', 'context', model.permaslug);
  const weights = buckets.map((b, i) => {
    const lower = i === 0 ? 0 : CONTEXT_BUCKET_UPPER[buckets[i - 1] as RankingsContextBucket];
    const w = 0.2 + rng.float(); // always drawn, so one model's weights do not shift another's
    return lower < model.contextLength ? w / (i + 1) : 0; // long contexts are rarer
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return 0;
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    if ((weights[i] ?? 0) > 0) {
      parts[i] = (parts[i] ?? 0) + 1;
      left--;
    }
  }
  return parts[buckets.indexOf(bucket)] ?? 0;
}

function categoryShares(model: RankedModel, seed: number): Map<RankingsCategory, number> {
  const rng = seededRandom(seed, 'rankings-daily', 'categories', model.permaslug);
  const top = RankingsCategorySchema.options.filter((c) => c !== 'marketing/seo');
  const weights = top.map(() => rng.float() ** 2);
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const shares = new Map<RankingsCategory, number>(top.map((c, i) => [c, (weights[i] ?? 0) / sum]));
  // marketing/seo is a sub-category: a part of marketing, never more.
  shares.set('marketing/seo', (shares.get('marketing') ?? 0) * (0.2 + rng.float() * 0.4));
  return shares;
}

/**
 * The sampled dataset's estimate for one model and one week (reference: "sampled, upsampled
 * dataset whose total_tokens are weekly-grain estimates"): the week's exact tokens times the
 * model's share of the category or language type, with a seeded sampling error of up to ±10%.
 */
export function sampledWeekTokens(
  model: RankedModel,
  weekTokens: number,
  weekStart: number,
  filter: { category: RankingsCategory } | { languageType: RankingsLanguageType },
  seed: number,
): number {
  if (weekTokens === 0) return 0;
  let share: number;
  let label: string;
  if ('category' in filter) {
    share = categoryShares(model, seed).get(filter.category) ?? 0;
    label = `category:${filter.category}`;
  } else {
    const natural = 0.4 + seededRandom(seed, 'rankings-daily', 'language', model.permaslug).float() * 0.5;
    share = filter.languageType === 'natural' ? natural : 1 - natural;
    label = `language:${filter.languageType}`;
  }
  const noise = 0.9 + seededRandom(seed, 'rankings-daily', 'sample', model.permaslug, label, String(weekStart)).float() * 0.2;
  return Math.round(weekTokens * share * noise);
}
