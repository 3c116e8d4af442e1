import { DEFAULT_API_KEYS, type ApiKey } from './api-key.ts';

/** The demo key with a rate limit (`sk-gw-rate-limited`). */
export const RATE_LIMITED_DEMO_KEY = 'sk-gw-rate-limited';

/**
 * The window of the rate-limited demo key as the banner and its label say it: `2 s`, `500 ms`.
 *
 * @example
 * windowText(2000); // '2 s'
 * windowText(250); // '250 ms'
 */
export function windowText(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/**
 * The demo keys, with the rate-limited key's window set to `windowMs` (`gatewaykit serve
 * --rate-limit-window`, the config file's `rateLimitWindow`) and its label saying so; the demo
 * keys themselves when no window is given.
 *
 * @example
 * demoKeys(500).find((k) => k.key === 'sk-gw-rate-limited')?.rateLimit; // { requests: 1, windowMs: 500 }
 */
export function demoKeys(windowMs?: number): readonly ApiKey[] {
  if (windowMs === undefined) return DEFAULT_API_KEYS;
  return DEFAULT_API_KEYS.map((k) =>
    k.key === RATE_LIMITED_DEMO_KEY && k.rateLimit
      ? {
          ...k,
          rateLimit: { ...k.rateLimit, windowMs },
          label: `${k.rateLimit.requests} request${k.rateLimit.requests === 1 ? '' : 's'} per ${windowText(windowMs)}, then 429 with Retry-After`,
        }
      : k,
  );
}

/**
 * Whether `keys` are the demo keys (any window of the rate-limited one): their names are public,
 * so a 401 may name them.
 */
export function areDemoKeys(keys: readonly ApiKey[]): boolean {
  return keys === DEFAULT_API_KEYS || (keys.length === DEFAULT_API_KEYS.length && keys.every((k, i) => k.key === DEFAULT_API_KEYS[i]!.key));
}

/**
 * A window as `--rate-limit-window` and the config file take it: milliseconds as a number, or a
 * string with a unit (`500ms`, `2s`, `1m`). Throws an Error naming the rule.
 *
 * @example
 * parseWindow('2s'); // 2000
 * parseWindow('750'); // 750
 */
export function parseWindow(raw: string | number): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m)?\s*$/.exec(String(raw));
  const ms = m ? Math.round(Number(m[1]) * (m[2] === 's' ? 1000 : m[2] === 'm' ? 60_000 : 1)) : NaN;
  if (!Number.isInteger(ms) || ms < 1 || ms > 86_400_000)
    throw new Error(`must be a duration of 1 ms to 24 h, e.g. 2s, 500ms or 1500 (milliseconds) (got ${JSON.stringify(raw)})`);
  return ms;
}
