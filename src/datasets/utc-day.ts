/**
 * Calendar arithmetic on UTC days, counted from 1970-01-01 (day 0). Whole days as integers keep
 * the dataset free of time-zone and DST surprises (reference: dates are UTC calendar dates).
 */
const MS_PER_DAY = 86_400_000;

/**
 * Day number of a `YYYY-MM-DD` string, or undefined unless it is a real calendar date
 * (`2025-02-30` is not).
 *
 * @example
 * parseUtcDay('1970-01-02'); // 1
 */
export function parseUtcDay(text: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return undefined;
  return Math.round(ms / MS_PER_DAY);
}

/** `YYYY-MM-DD` of a day number. */
export function formatUtcDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The UTC day an epoch-millisecond instant falls on. */
export function utcDayOf(epochMs: number): number {
  return Math.floor(epochMs / MS_PER_DAY);
}

/** ISO weekday, Monday 0 .. Sunday 6 (1970-01-01 was a Thursday). */
export function isoWeekday(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** The Monday that starts the ISO week of `day` (reference: `week` buckets by ISO week start). */
export function isoWeekStart(day: number): number {
  return day - isoWeekday(day);
}

/** The first day of the month of `day` (reference: `month` buckets by month start). */
export function monthStart(day: number): number {
  const d = new Date(day * MS_PER_DAY);
  return Math.round(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / MS_PER_DAY);
}
