/** ISO text of a clock reading that never throws (clamped to the Date range, ECMA-262 21.4.1.1). */
export function journalTime(ms: number): string {
  const MAX_DATE_MS = 8.64e15;
  const clamped = Number.isFinite(ms) ? Math.max(-MAX_DATE_MS, Math.min(MAX_DATE_MS, ms)) : 0;
  return new Date(clamped).toISOString();
}
