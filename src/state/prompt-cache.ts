/** How a request's cacheable prefix met the prompt cache. */
export interface PromptCacheUse {
  /** Tokens read from the cache (`input_tokens_details.cached_tokens`). */
  cachedTokens: number;
  /** Tokens written to it (`input_tokens_details.cache_write_tokens`). */
  cacheWriteTokens: number;
}

/**
 * The gateway's memory of cached prompt prefixes (spec 2.1 prompt caching): a prefix written by
 * one request is read by a later request with the same key until its TTL runs out on the
 * gateway clock; each read refreshes the TTL, as providers do. Cleared on control reset.
 */
export interface PromptCache {
  use(args: { key: string; tokens: number; ttlMs: number; now: number }): PromptCacheUse;
  clear(): void;
}

/** Default TTL of a cached prefix (reference `AnthropicCacheControlTtl` `5m`). */
export const DEFAULT_PROMPT_CACHE_TTL_MS = 5 * 60_000;

/** TTL of a request's cache entry: `cache_control.ttl` `1h`, else 5 minutes. */
export function promptCacheTtlMs(ttl: unknown): number {
  return ttl === '1h' ? 60 * 60_000 : DEFAULT_PROMPT_CACHE_TTL_MS;
}

/**
 * A bounded prompt cache (oldest entries go first past `maxEntries`, so memory stays flat under
 * any traffic).
 *
 * @example
 * const cache = createPromptCache();
 * cache.use({ key: 'k', tokens: 900, ttlMs: 300_000, now: 0 }); // { cachedTokens: 0, cacheWriteTokens: 900 }
 * cache.use({ key: 'k', tokens: 900, ttlMs: 300_000, now: 1_000 }); // { cachedTokens: 900, cacheWriteTokens: 0 }
 */
export function createPromptCache(maxEntries = 10_000): PromptCache {
  const expiries = new Map<string, number>();
  return {
    use({ key, tokens, ttlMs, now }) {
      if (tokens <= 0) return { cachedTokens: 0, cacheWriteTokens: 0 };
      const expiry = expiries.get(key);
      const hit = expiry !== undefined && now < expiry;
      expiries.delete(key); // re-insert: Map order is the eviction order
      expiries.set(key, now + ttlMs);
      if (expiries.size > maxEntries) expiries.delete(expiries.keys().next().value as string);
      return hit ? { cachedTokens: tokens, cacheWriteTokens: 0 } : { cachedTokens: 0, cacheWriteTokens: tokens };
    },
    clear: () => expiries.clear(),
  };
}
