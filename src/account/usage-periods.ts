/** Start of the UTC day, week and month that contain an instant (reference `/key`: usage_daily, _weekly, _monthly). */
export interface UsagePeriods {
  readonly day: number;
  /** The reference's week runs Monday to Sunday (UTC). */
  readonly week: number;
  readonly month: number;
}

const DAY_MS = 86_400_000;

/**
 * The UTC periods that `nowMs` falls in, as their start times (ms).
 *
 * @example
 * usagePeriods(Date.UTC(2026, 10, 26, 10)); // { day: Date.UTC(2026,10,26), week: Date.UTC(2026,10,23), month: Date.UTC(2026,10,1) }
 */
export function usagePeriods(nowMs: number): UsagePeriods {
  const day = Math.floor(nowMs / DAY_MS) * DAY_MS;
  // getUTCDay: 0 is Sunday; days since Monday are (weekday + 6) % 7.
  const weekday = new Date(day).getUTCDay();
  const week = day - ((weekday + 6) % 7) * DAY_MS;
  const date = new Date(day);
  const month = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  return { day, week, month };
}
