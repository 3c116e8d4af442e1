import { describe, expect, test } from 'vitest';
import { DEFAULT_API_KEYS } from './api-key.ts';
import { areDemoKeys, demoKeys, parseWindow, RATE_LIMITED_DEMO_KEY, windowText } from './demo-keys.ts';

describe('demo keys with a window of choice', () => {
  test('parseWindow takes milliseconds or a unit, and refuses the rest naming the forms', () => {
    expect([parseWindow('2s'), parseWindow('500ms'), parseWindow('1m'), parseWindow('1500'), parseWindow(250), parseWindow('0.5s')]).toEqual([
      2000, 500, 60_000, 1500, 250, 500,
    ]);
    for (const bad of ['0', '-1s', 'soon', '2h', '', 0]) expect(() => parseWindow(bad)).toThrow(/must be a duration of 1 ms to 24 h, e\.g\. 2s, 500ms/);
  });

  test('demoKeys changes only the rate-limited key: its window and its label', () => {
    expect(demoKeys()).toBe(DEFAULT_API_KEYS);
    const keys = demoKeys(500);
    const limited = keys.find((k) => k.key === RATE_LIMITED_DEMO_KEY)!;
    expect(limited.rateLimit).toEqual({ requests: 1, windowMs: 500 });
    expect(limited.label).toBe(`1 request per ${windowText(500)}, then 429 with Retry-After`);
    expect(keys.filter((k) => k.key !== RATE_LIMITED_DEMO_KEY)).toEqual(DEFAULT_API_KEYS.filter((k) => k.key !== RATE_LIMITED_DEMO_KEY));
    expect(areDemoKeys(keys)).toBe(true);
    expect(areDemoKeys([{ ...DEFAULT_API_KEYS[0]!, key: 'sk-mine' }])).toBe(false);
  });

  test('the default window is short enough for default client retries (seconds, not a minute)', () => {
    const windowMs = DEFAULT_API_KEYS.find((k) => k.key === RATE_LIMITED_DEMO_KEY)!.rateLimit!.windowMs;
    expect(windowMs).toBeLessThanOrEqual(3000);
    expect(DEFAULT_API_KEYS.find((k) => k.key === RATE_LIMITED_DEMO_KEY)!.label).toContain(`per ${windowText(windowMs)}`);
  });
});
