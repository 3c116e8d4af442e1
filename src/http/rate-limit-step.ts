import type { RateLimiter } from '../auth/rate-limiter.ts';
import type { DispatchStep } from './dispatch-step.ts';

/** spec 7 429: the key's requests in the current window, counted for every authenticated request. */
export function rateLimitStep(limiter: RateLimiter): DispatchStep {
  return (ctx) => {
    if (!ctx.apiKey) return;
    const limited = limiter.take(ctx.apiKey);
    if (limited) throw limited;
  };
}
