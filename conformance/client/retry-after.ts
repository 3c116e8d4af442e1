/**
 * Seconds to wait from a `Retry-After` header (RFC 9110 10.2.3: delay-seconds or an HTTP-date),
 * or undefined when absent or unreadable.
 *
 * @example
 * retryAfterSeconds('7', Date.now()); // 7
 */
export function retryAfterSeconds(value: string | undefined | null, nowMs: number): number | undefined {
  if (value === undefined || value === null) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}
