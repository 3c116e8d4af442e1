import { describe, expect, it } from 'vitest';
import { createPromptCache, promptCacheTtlMs } from './prompt-cache.ts';

describe('createPromptCache', () => {
  it('writes on first use, reads within the TTL (refreshing it), writes again after it expires', () => {
    const cache = createPromptCache();
    const use = (now: number) => cache.use({ key: 'k', tokens: 900, ttlMs: 1000, now });
    expect(use(0)).toEqual({ cachedTokens: 0, cacheWriteTokens: 900 });
    expect(use(999)).toEqual({ cachedTokens: 900, cacheWriteTokens: 0 });
    expect(use(1998)).toEqual({ cachedTokens: 900, cacheWriteTokens: 0 });
    expect(use(2998)).toEqual({ cachedTokens: 0, cacheWriteTokens: 900 });
    expect(cache.use({ key: 'k', tokens: 0, ttlMs: 1000, now: 3000 })).toEqual({ cachedTokens: 0, cacheWriteTokens: 0 });
    cache.clear();
    expect(use(3000)).toEqual({ cachedTokens: 0, cacheWriteTokens: 900 });
  });

  it('stays bounded: the oldest entry goes first', () => {
    const cache = createPromptCache(2);
    for (const key of ['a', 'b', 'c']) cache.use({ key, tokens: 1, ttlMs: 1000, now: 0 });
    expect(cache.use({ key: 'a', tokens: 1, ttlMs: 1000, now: 1 }).cachedTokens).toBe(0);
    expect(cache.use({ key: 'c', tokens: 1, ttlMs: 1000, now: 1 }).cachedTokens).toBe(1);
  });

  it('TTL: 1h when cache_control.ttl says so, else 5 minutes', () => {
    expect(promptCacheTtlMs('1h')).toBe(3_600_000);
    expect(promptCacheTtlMs('5m')).toBe(300_000);
    expect(promptCacheTtlMs(undefined)).toBe(300_000);
  });
});
