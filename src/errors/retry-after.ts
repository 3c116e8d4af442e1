/**
 * The delay forced and scripted failures advertise unless told otherwise: short, so that a test
 * whose client honours it (the openai SDKs read `retry-after-ms`) retries at once instead of
 * sleeping the 30 s or 60 s an organic 503 or 429 advertises. Real time: clients sleep on the
 * wall clock, which the virtual clock cannot move.
 */
export const FORCED_RETRY_AFTER_MS = 10;

/** The most a configured delay may be (one day): past it, no client waits anyway. */
export const MAX_RETRY_AFTER_MS = 86_400_000;

/**
 * The two headers that advertise a retry delay: `Retry-After` in whole seconds, rounded up
 * (RFC 9110 10.2.3 allows only integers), and `retry-after-ms` with the exact milliseconds,
 * which the openai SDKs read first.
 *
 * @example
 * retryAfterHeaders(1500); // { 'Retry-After': '2', 'retry-after-ms': '1500' }
 */
export function retryAfterHeaders(ms: number): Record<string, string> {
  return { 'Retry-After': String(Math.ceil(ms / 1000)), 'retry-after-ms': String(ms) };
}

/**
 * Replace whatever retry delay `headers` advertises with `ms` (both headers, any letter case).
 *
 * @example
 * const headers = { 'retry-after': '60' };
 * setRetryAfter(headers, 20); // headers is now { 'Retry-After': '1', 'retry-after-ms': '20' }
 */
export function setRetryAfter(headers: Record<string, string>, ms: number): void {
  for (const name of Object.keys(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'retry-after' || lower === 'retry-after-ms') delete headers[name];
  }
  Object.assign(headers, retryAfterHeaders(ms));
}

/** Whether `headers` advertise a retry delay (the answer is one a client may retry after waiting). */
export function hasRetryAfter(headers: Record<string, string>): boolean {
  return Object.keys(headers).some((h) => h.toLowerCase() === 'retry-after');
}

/**
 * Read a delay in milliseconds given as text (a header value): a whole number from 0 to one day,
 * or an error message naming `label`.
 *
 * @example
 * parseRetryAfterMs('250', 'X-Gatewaykit-Retry-After-Ms'); // 250
 */
export function parseRetryAfterMs(text: string, label: string): number | string {
  const v = text.trim();
  if (!/^\d+$/.test(v) || Number(v) > MAX_RETRY_AFTER_MS) {
    return `${label}: "${text}" is not a whole number of milliseconds from 0 to ${MAX_RETRY_AFTER_MS}`;
  }
  return Number(v);
}
