import { utcDay, utcDayBefore, utcDayStart } from '../../account/utc-day.ts';
import type { AnalyticsGranularity } from './analytics-vocabulary.ts';

const DAY_MS = 86_400_000;

/**
 * The first day of the bucket a UTC day falls in: the day itself, the Monday of its ISO week, or
 * the first of its month (reference queryAnalytics `granularity`).
 *
 * @example
 * bucketStart('2025-01-08', 'week'); // '2025-01-06'
 */
export function bucketStart(day: string, granularity: AnalyticsGranularity): string {
  if (granularity === 'month') return `${day.slice(0, 8)}01`;
  if (granularity === 'day') return day;
  const start = utcDayStart(day);
  const weekday = (new Date(start).getUTCDay() + 6) % 7; // Monday 0
  return utcDay(start - weekday * DAY_MS);
}

/** The days a query covers: from the UTC day of `start` to the last day that begins before `end`. */
export interface DayRange {
  readonly from: string;
  readonly endMs: number;
}

/** reference queryAnalytics `time_range`, applied to whole UTC days; without one, the kept days up to now. */
export function dayRange(range: { start: string; end: string } | undefined, now: number, daysKept: number): DayRange {
  if (!range) return { from: utcDayBefore(now, daysKept - 1), endMs: now + 1 };
  return { from: utcDay(Date.parse(range.start)), endMs: Date.parse(range.end) };
}

export const inRange = (day: string, r: DayRange) => day >= r.from && utcDayStart(day) < r.endMs;
