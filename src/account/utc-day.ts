const DAY_MS = 86_400_000;

/**
 * The UTC day of a gateway clock reading, as the reference's activity names days (`2025-08-24`).
 *
 * @example
 * utcDay(Date.UTC(2025, 7, 24, 23, 59)); // '2025-08-24'
 */
export function utcDay(ms: number): string {
  return new Date(Math.floor(ms / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

/** The UTC day `days` days before the day of `ms` (0: that day). */
export function utcDayBefore(ms: number, days: number): string {
  return utcDay(ms - days * DAY_MS);
}

/** The clock reading (ms) of the start of a UTC day `YYYY-MM-DD`, or NaN when it is no calendar day. */
export function utcDayStart(day: string): number {
  const ms = Date.parse(`${day}T00:00:00.000Z`);
  return Number.isFinite(ms) && utcDay(ms) === day ? ms : Number.NaN;
}

/**
 * `utcDay` remembering the last day it named: the readings of one day (every answer of a day,
 * the clock read per answer) are named without formatting a date again.
 *
 * @example
 * const dayOf = utcDayCache();
 * dayOf(clock.now()); // '2025-08-24'
 */
export function utcDayCache(): (ms: number) => string {
  let start = Number.NaN;
  let name = '';
  return (ms) => {
    if (!(ms >= start && ms < start + DAY_MS)) {
      start = Math.floor(ms / DAY_MS) * DAY_MS;
      name = utcDay(start);
    }
    return name;
  };
}
