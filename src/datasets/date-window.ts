import { GatewayError } from '../errors/gateway-error.ts';
import { RANKINGS_DATE_PATTERN, RANKINGS_FLOOR_DATE } from '../schemas/rankings-daily.ts';
import { oneParam } from './query-params.ts';
import { formatUtcDay, parseUtcDay, utcDayOf } from './utc-day.ts';

/** The first day of the datasets (reference: "The dataset begins at 2025-01-01"). */
export const DATASET_FLOOR_DAY = parseUtcDay(RANKINGS_FLOOR_DATE) as number;
/** Reference: start_date "Defaults to 30 days before end_date"; its example (04-12..05-11) is a 30-day inclusive window. */
export const DEFAULT_WINDOW_DAYS = 30;

/** A resolved date window, as UTC day numbers. */
export interface DateWindow {
  readonly startDay: number;
  readonly endDay: number;
  /** The most recent completed UTC day at the gateway clock: no data exists after it. */
  readonly lastCompleteDay: number;
}

function dateValue(params: URLSearchParams, name: 'start_date' | 'end_date'): number | undefined {
  const raw = oneParam(params, name);
  if (raw === undefined) return undefined;
  if (!RANKINGS_DATE_PATTERN.test(raw)) throw new GatewayError(400, `${name}: must match YYYY-MM-DD (got ${JSON.stringify(raw)})`);
  const day = parseUtcDay(raw);
  if (day === undefined) throw new GatewayError(400, `${name}: ${raw} is not a calendar date`);
  return day;
}

/**
 * The `start_date`/`end_date` window of the datasets (reference getRankingsDaily, getAppRankings):
 * dates match `YYYY-MM-DD` and are real dates; `end_date` defaults to the most recent completed UTC
 * day and before 2025-01-01 is a 400; `start_date` defaults to a 30-day window ending at `end_date`
 * and is clamped forward to 2025-01-01. Also (documented): an `end_date` past the last completed day
 * is clamped back to it, and a window that ends before it starts is a 400.
 *
 * @example
 * parseDateWindow(new URLSearchParams('start_date=2026-04-12'), clock.now());
 */
export function parseDateWindow(params: URLSearchParams, nowMs: number): DateWindow {
  const lastCompleteDay = utcDayOf(nowMs) - 1;
  const floor = formatUtcDay(DATASET_FLOOR_DAY);
  const endGiven = dateValue(params, 'end_date');
  const startGiven = dateValue(params, 'start_date');
  if (endGiven !== undefined && endGiven < DATASET_FLOOR_DAY) {
    throw new GatewayError(400, `end_date: must be on or after ${floor} (got ${formatUtcDay(endGiven)})`);
  }
  const endDay = Math.min(endGiven ?? lastCompleteDay, lastCompleteDay);
  if (endDay < DATASET_FLOOR_DAY) {
    throw new GatewayError(400, `end_date: no completed day on or after ${floor} yet (the gateway clock reads ${new Date(nowMs).toISOString()})`);
  }
  const startDay = Math.max(startGiven ?? endDay - (DEFAULT_WINDOW_DAYS - 1), DATASET_FLOOR_DAY);
  if (startDay > endDay) {
    throw new GatewayError(400, `start_date: ${formatUtcDay(startDay)} is after end_date ${formatUtcDay(endDay)}`);
  }
  return { startDay, endDay, lastCompleteDay };
}
