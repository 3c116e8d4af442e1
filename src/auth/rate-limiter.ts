import type { Clock } from '../clock/clock.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import type { ApiKey } from './api-key.ts';

/** Fixed-window request counting per key, on the injected clock. */
export interface RateLimiter {
  /** Count one request; a GatewayError(429) with Retry-After when over the key's limit. */
  take(key: ApiKey): GatewayError | undefined;
  reset(): void;
}

export function createRateLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(key) {
      const limit = key.rateLimit;
      if (!limit) return undefined;
      const now = clock.now();
      let w = windows.get(key.key);
      if (!w || now - w.start >= limit.windowMs) {
        w = { start: now, count: 0 };
        windows.set(key.key, w);
      }
      if (w.count >= limit.requests) {
        // The time left in the window, unless the key names the delay to advertise (keys file).
        const retryAfterMs = key.retryAfterMs ?? Math.max(1, w.start + limit.windowMs - now);
        return new GatewayError(429, `Rate limit exceeded: ${limit.requests} requests per ${limit.windowMs / 1000}s for this key`, {
          retryAfterMs,
        });
      }
      w.count++;
      return undefined;
    },
    reset: () => windows.clear(),
  };
}
