import { describe, expect, it } from 'vitest';
import { GatewayError } from '../errors/gateway-error.ts';
import { virtualClock } from '../clock/virtual-clock.ts';
import { DEFAULT_API_KEYS } from './api-key.ts';
import { authenticate } from './authenticate.ts';
import { constantTimeEqual } from './constant-time-equal.ts';
import { createRateLimiter } from './rate-limiter.ts';

describe('authenticate (spec 5)', () => {
  it('accepts each demo key as a bearer token, any scheme case', () => {
    for (const k of DEFAULT_API_KEYS) expect(authenticate(`Bearer ${k.key}`, DEFAULT_API_KEYS)).toBe(k);
    expect(authenticate('bearer sk-gw-test', DEFAULT_API_KEYS)).toMatchObject({ key: 'sk-gw-test' });
  });
  it.each([null, '', 'sk-gw-test', 'Basic abc', 'Bearer ', 'Bearer sk-gw-tes', 'Bearer sk-gw-testx'])('401 for %j', (header) => {
    const result = authenticate(header, DEFAULT_API_KEYS);
    expect(result).toBeInstanceOf(GatewayError);
    expect((result as GatewayError).status).toBe(401);
  });
});

describe('constantTimeEqual', () => {
  it('agrees with === on equal and unequal strings of any length', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
  });
});

describe('rate limiter', () => {
  it('lets `requests` through per window, then 429 with a Retry-After counting down on the clock', async () => {
    const clock = virtualClock(0);
    const limiter = createRateLimiter(clock);
    const key = DEFAULT_API_KEYS.find((k) => k.key === 'sk-gw-rate-limited')!;
    expect(limiter.take(key)).toBeUndefined();
    const limited = limiter.take(key);
    expect(limited?.status).toBe(429);
    expect(limited?.headers['Retry-After']).toBe('2');
    expect(limited?.headers['retry-after-ms']).toBe('2000');
    await clock.advance(1_500);
    expect(limiter.take(key)?.headers['retry-after-ms']).toBe('500');
    await clock.advance(500);
    expect(limiter.take(key)).toBeUndefined();
  });
  it('never limits keys without a rateLimit', () => {
    const limiter = createRateLimiter(virtualClock(0));
    const key = DEFAULT_API_KEYS[0]!;
    for (let i = 0; i < 100; i++) expect(limiter.take(key)).toBeUndefined();
  });
});
