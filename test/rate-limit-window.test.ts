import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { describe, expect, test } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { readServeConfig } from '../src/cli/config-file.ts';
import { serve } from '../src/cli/serve.ts';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { jsonHeaders } from './targets.ts';

/**
 * Configurable demo limits (issue 41 item 3): the rate-limited demo key's window is short by
 * default, so a client's default retries get through in seconds, and it can be set.
 */
const BODY = JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'hi' });
const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-window-'));

describe('the rate-limited demo key', () => {
  test("openai's default retries (2, honouring retry-after-ms) outlast the default window: the retry is answered", async () => {
    const clock = virtualClock();
    const gateway = createGateway({ clock });
    const post = () => gateway.fetch('/responses', { method: 'POST', headers: jsonHeaders('sk-gw-rate-limited'), body: BODY });
    expect((await post()).status).toBe(200);
    const limited = await post();
    expect(limited.status).toBe(429);
    const waitMs = Number(limited.headers.get('retry-after-ms'));
    expect(limited.headers.get('retry-after')).toBe(String(Math.ceil(waitMs / 1000)));
    // The openai SDK waits retry-after-ms (under 60 s) before each of its default retries.
    const client = new OpenAI({ apiKey: 'x' });
    expect(client.maxRetries).toBe(2);
    expect(waitMs).toBeGreaterThan(0);
    expect(waitMs * client.maxRetries).toBeLessThanOrEqual(5_000);
    // The first retry, that long after, is answered (on the virtual clock: no waiting here).
    await clock.advance(waitMs);
    expect((await post()).status).toBe(200);
  });

  test('the config file sets it as rateLimitWindow; a bad value names the file and the rule', () => {
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify({ rateLimitWindow: '1m' }));
    expect(readServeConfig(good, dir)?.rateLimitWindowMs).toBe(60_000);
    writeFileSync(good, JSON.stringify({ rateLimitWindow: 750 }));
    expect(readServeConfig(good, dir)?.rateLimitWindowMs).toBe(750);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ rateLimitWindow: 'soon' }));
    expect(() => readServeConfig(bad, dir)).toThrow(`${bad}: rateLimitWindow: must be a duration of 1 ms to 24 h`);
  });

  test('with keys of your own, --rate-limit-window is refused before listening (exit 2), naming what to do', async () => {
    const keys = join(dir, 'keys.json');
    writeFileSync(keys, JSON.stringify({ keys: [{ key: 'sk-mine' }] }));
    const err: string[] = [];
    const code = await serve(['--port', '0', '--keys', keys, '--rate-limit-window', '1s'], { out: () => {}, err: (line: string) => void err.push(line) });
    expect(code).toBe(2);
    expect(err.join('\n')).toContain('set rateLimit.windowMs in your keys file');
    const badFlag: string[] = [];
    expect(await serve(['--rate-limit-window', 'soon'], { out: () => {}, err: (line: string) => void badFlag.push(line) })).toBe(2);
    expect(badFlag.join('\n')).toContain('--rate-limit-window must be a duration');
  });
});
