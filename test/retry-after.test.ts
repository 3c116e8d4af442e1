import { describe, expect, test } from 'vitest';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { FORCED_RETRY_AFTER_MS } from '../src/errors/retry-after.ts';

/** Retry delays: short defaults for forced and scripted failures, and set per key, header and script. */
const BODY = JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'Hello' });
const post = (key: string, extra: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...extra },
  body: BODY,
});
const delay = (res: Response) => ({ retryAfter: res.headers.get('retry-after'), retryAfterMs: res.headers.get('retry-after-ms') });

const KEYS = [
  { key: 'sk-plain' },
  { key: 'sk-slow', retryAfterMs: 2500 },
  { key: 'sk-limited', rateLimit: { requests: 1, windowMs: 45_000 } },
  { key: 'sk-limited-fast', rateLimit: { requests: 1, windowMs: 45_000 }, retryAfterMs: 5 },
];

describe('retry delays', () => {
  test(`forced 429 and 503 default to ${FORCED_RETRY_AFTER_MS} ms (Retry-After rounds up to 1 s)`, async () => {
    const gateway = createGateway({ keys: KEYS });
    for (const status of [429, 503]) {
      const res = await gateway.fetch('/responses', post('sk-plain', { 'x-gatewaykit-fault': String(status) }));
      expect(res.status).toBe(status);
      expect(delay(res)).toEqual({ retryAfter: '1', retryAfterMs: String(FORCED_RETRY_AFTER_MS) });
    }
  });

  test('X-Gatewaykit-Retry-After-Ms sets the delay of one request; 0 is allowed; nonsense is a 400 naming the header', async () => {
    const gateway = createGateway({ keys: KEYS });
    const res = await gateway.fetch('/responses', post('sk-slow', { 'x-gatewaykit-fault': '503', 'x-gatewaykit-retry-after-ms': '1500' }));
    expect(delay(res)).toEqual({ retryAfter: '2', retryAfterMs: '1500' });
    const zero = await gateway.fetch('/responses', post('sk-plain', { 'x-gatewaykit-fault': '429', 'x-gatewaykit-retry-after-ms': '0' }));
    expect(delay(zero)).toEqual({ retryAfter: '0', retryAfterMs: '0' });
    for (const bad of ['-1', '1.5', 'soon', '86400001']) {
      const res = await gateway.fetch('/responses', post('sk-plain', { 'x-gatewaykit-fault': '429', 'x-gatewaykit-retry-after-ms': bad }));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/X-Gatewaykit-Retry-After-Ms/);
    }
  });

  test("a key's retryAfterMs applies to its forced failures and to its rate-limit 429s", async () => {
    const gateway = createGateway({ keys: KEYS, clock: virtualClock() });
    expect(delay(await gateway.fetch('/responses', post('sk-slow', { 'x-gatewaykit-fault': '429' })))).toEqual({ retryAfter: '3', retryAfterMs: '2500' });
    // Without one, a rate-limit 429 advertises the time left in the window.
    expect((await gateway.fetch('/responses', post('sk-limited'))).status).toBe(200);
    await gateway.control.advanceClock(5_000);
    const limited = await gateway.fetch('/responses', post('sk-limited'));
    expect(limited.status).toBe(429);
    expect(delay(limited)).toEqual({ retryAfter: '40', retryAfterMs: '40000' });
    expect((await gateway.fetch('/responses', post('sk-limited-fast'))).status).toBe(200);
    expect(delay(await gateway.fetch('/responses', post('sk-limited-fast')))).toEqual({ retryAfter: '1', retryAfterMs: '5' });
  });

  test("a script's retryAfterMs beats the key's; the request header beats both; unscripted ones default short", async () => {
    const gateway = createGateway({
      keys: KEYS,
      scripts: [
        { match: { input: 'pinned' }, reply: { type: 'error', status: 503, retryAfterMs: 700 } },
        { match: { input: 'plain' }, reply: { type: 'error', status: 429 } },
        { match: { input: 'bad-gateway' }, reply: { type: 'error', status: 502, retryAfterMs: 50 } },
      ],
    });
    const send = (key: string, input: string, extra?: Record<string, string>) =>
      gateway.fetch('/responses', { ...post(key, extra), body: JSON.stringify({ model: 'openai/gpt-4o-mini', input }) });
    expect(delay(await send('sk-slow', 'pinned'))).toEqual({ retryAfter: '1', retryAfterMs: '700' });
    expect(delay(await send('sk-slow', 'pinned', { 'x-gatewaykit-retry-after-ms': '3000' }))).toEqual({ retryAfter: '3', retryAfterMs: '3000' });
    expect(delay(await send('sk-plain', 'plain'))).toEqual({ retryAfter: '1', retryAfterMs: String(FORCED_RETRY_AFTER_MS) });
    expect(delay(await send('sk-slow', 'plain'))).toEqual({ retryAfter: '3', retryAfterMs: '2500' });
    // Any scripted status may carry a delay when the rule names one.
    const bad = await send('sk-plain', 'bad-gateway');
    expect(bad.status).toBe(502);
    expect(delay(bad)).toEqual({ retryAfter: '1', retryAfterMs: '50' });
  });

  test('a script with a nonsense retryAfterMs is refused, naming the path', () => {
    expect(() => createGateway({ scripts: [{ reply: { type: 'error', status: 503, retryAfterMs: -5 } }] })).toThrow(/reply\.retryAfterMs/);
  });

  test('programmed provider failures (failProvider) are forced too: short delay on the 503 they surface', async () => {
    const gateway = createGateway({ keys: KEYS });
    gateway.control.failProvider('openai', 503);
    const res = await gateway.fetch('/responses', {
      ...post('sk-plain'),
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'x', provider: { allow_fallbacks: false } }),
    });
    expect(res.status).toBe(503);
    expect(delay(res)).toEqual({ retryAfter: '1', retryAfterMs: String(FORCED_RETRY_AFTER_MS) });
  });
});
