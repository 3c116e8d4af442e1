import { GatewayError } from '../../errors/gateway-error.ts';
import { utcDayBefore } from '../../account/utc-day.ts';

/** The completed UTC days the reference's activity covers. */
export const ACTIVITY_WINDOW_DAYS = 30;

/**
 * The days an activity listing covers on the gateway clock: the last 30 completed UTC days
 * (reference getUserActivity), or the one `date` asked for, which must be one of them (else 400).
 *
 * @example
 * activityDays(Date.UTC(2025, 7, 25, 12), '2025-08-24'); // Set { '2025-08-24' }
 */
export function activityDays(now: number, date: string | undefined): Set<string> {
  const days = new Set<string>();
  for (let back = ACTIVITY_WINDOW_DAYS; back >= 1; back--) days.add(utcDayBefore(now, back));
  if (date === undefined) return days;
  if (!days.has(date)) {
    throw new GatewayError(
      400,
      `date: must be one of the last ${ACTIVITY_WINDOW_DAYS} completed UTC days on the gateway clock, ${utcDayBefore(now, ACTIVITY_WINDOW_DAYS)} to ${utcDayBefore(now, 1)} (got ${JSON.stringify(date)})`,
    );
  }
  return new Set([date]);
}
