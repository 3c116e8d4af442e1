import { z } from 'zod';

/** Reference `AnthropicCacheControlTtl` values (spec note E leaves them to the reference). */
export const CACHE_CONTROL_TTLS = ['5m', '1h'] as const;

/**
 * spec 2.1 `cache_control`: `type` required, only `ephemeral`; `ttl` one of the reference's values
 * (note E). The same object at the top level and on a content block (an explicit breakpoint).
 */
export const CacheControlSchema = z.looseObject({
  type: z.literal('ephemeral'),
  ttl: z.enum(CACHE_CONTROL_TTLS).optional(),
});
export type CacheControl = z.infer<typeof CacheControlSchema>;
