import { seededRandom } from '../random/seeded-random.ts';
import { DATASET_FLOOR_DAY } from './date-window.ts';
import type { PublishedApp } from './published-apps.ts';
import { isoWeekday } from './utc-day.ts';

/** An app's seeded traits: its daily growth and tokens per request. */
export interface AppTraits {
  readonly growthPerDay: number;
  readonly tokensPerRequest: number;
}

/** Seeded per (app, seed): some apps grow, some fade. */
export function appTraits(app: PublishedApp, seed: number): AppTraits {
  const rng = seededRandom(seed, 'app-rankings', 'traits', app.slug);
  return { growthPerDay: -0.002 + rng.float() * 0.008, tokensPerRequest: Math.round(2_000 + rng.float() * 38_000) };
}

/**
 * Tokens (prompt + completion) of `app` on `day`: none before the dataset begins, then its base
 * volume compounded by its growth, quieter weekends and a seeded daily wobble. Pure in (app, day, seed).
 *
 * @example
 * appDailyTokens(app, appTraits(app, 0), parseUtcDay('2026-05-01')!, 0); // 9_812_345_678
 */
export function appDailyTokens(app: PublishedApp, traits: AppTraits, day: number, seed: number): number {
  if (day < DATASET_FLOOR_DAY) return 0;
  const wobble = seededRandom(seed, 'app-rankings', 'day', app.slug, String(day)).float();
  const growth = Math.min(50, Math.exp(traits.growthPerDay * (day - DATASET_FLOOR_DAY)));
  const weekend = isoWeekday(day) >= 5 ? 0.85 : 1;
  return Math.round(app.dailyTokens * growth * weekend * (0.9 + wobble * 0.2));
}

/** Tokens of `app` over days [from, to], both inclusive. */
export function appWindowTokens(app: PublishedApp, traits: AppTraits, from: number, to: number, seed: number): number {
  let sum = 0;
  for (let day = from; day <= to; day++) sum += appDailyTokens(app, traits, day, seed);
  return sum;
}
