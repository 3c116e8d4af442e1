import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonHeaders } from '../targets.ts';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-keys-'));
const BODY = JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'hi' });

describe('gatewaykit serve --keys FILE', () => {
  it('serves exactly the keys of the file, with their rate limits and retry delays; the banner masks them', async () => {
    const file = join(dir, 'keys.json');
    writeFileSync(
      file,
      JSON.stringify({ keys: [{ key: 'sk-team-alpha-123', label: 'team alpha', rateLimit: { requests: 1, windowMs: 60000 }, retryAfterMs: 250 }] }),
    );
    const run = runCli(['serve', '--port', '0', '--keys', file]);
    try {
      const baseUrl = await run.listening();
      await run.waitForOutput(/control API/);
      expect(run.out()).toContain('sk-tea…');
      expect(run.out()).not.toContain('sk-team-alpha-123');
      expect(run.out()).not.toContain('sk-gw-test');
      const post = (key: string) => fetch(`${baseUrl}/responses`, { method: 'POST', headers: jsonHeaders(key), body: BODY });
      expect((await post('sk-gw-test')).status).toBe(401);
      expect((await post('sk-team-alpha-123')).status).toBe(200);
      const limited = await post('sk-team-alpha-123');
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after-ms')).toBe('250');
      expect(limited.headers.get('retry-after')).toBe('1');
    } finally {
      await run.stop();
    }
  });

  it('a bad keys file stops start-up with exit 2, naming the file and the path', async () => {
    const file = join(dir, 'bad-keys.json');
    writeFileSync(file, JSON.stringify({ keys: [{ key: 'sk-a', ratelimit: { requests: 1 } }] }));
    const run = runCli(['serve', '--port', '0', '--keys', file]);
    expect(await run.exited).toBe(2);
    expect(run.err()).toContain(file);
    expect(run.err()).toMatch(/keys\[0\]\.ratelimit: unknown property/);
    expect(run.out()).not.toContain('listening');
    const missing = runCli(['serve', '--port', '0', '--keys', join(dir, 'nope.json')]);
    expect(await missing.exited).toBe(2);
    expect(missing.err()).toMatch(/cannot read the keys file \(ENOENT\)/);
  });
});

describe('gatewaykit serve --timing', () => {
  it('--timing realistic with a 1 ms first-token limit answers 524; a bad mode exits 2', async () => {
    const run = runCli(['serve', '--port', '0', '--timing', 'realistic', '--first-token-timeout-ms', '1']);
    try {
      const baseUrl = await run.listening();
      await run.waitForOutput(/timing: realistic/);
      const res = await fetch(`${baseUrl}/responses`, { method: 'POST', headers: jsonHeaders(), body: BODY });
      expect(res.status).toBe(524);
      const fast = await fetch(`${baseUrl}/responses`, {
        method: 'POST',
        headers: jsonHeaders('sk-gw-test', { 'x-gatewaykit-timing': 'instant' }),
        body: BODY,
      });
      expect(fast.status).toBe(200);
    } finally {
      await run.stop();
    }
    const bad = runCli(['serve', '--port', '0', '--timing', 'slow']);
    expect(await bad.exited).toBe(2);
    expect(bad.err()).toMatch(/--timing must be instant or realistic/);
  });
});

describe('gatewaykit serve --no-fast-paths', () => {
  it('turns the answer memo off (never consulted, as the metrics show), and so does the config key fastPaths: false', async () => {
    const file = join(dir, 'no-fast-paths.json');
    writeFileSync(file, JSON.stringify({ fastPaths: false }));
    for (const args of [['--no-fast-paths'], ['--config', file]]) {
      const run = runCli(['serve', '--port', '0', ...args]);
      try {
        const baseUrl = await run.listening();
        await run.waitForOutput(/fast paths: off/);
        for (let i = 0; i < 3; i++) {
          const res = await fetch(`${baseUrl}/responses`, { method: 'POST', headers: jsonHeaders(), body: BODY });
          expect(res.status).toBe(200);
          await res.arrayBuffer();
        }
        const metrics = await (await fetch(`${new URL(baseUrl).origin}/__gatewaykit/metrics`)).text();
        expect(metrics).toMatch(/^gatewaykit_answer_memo_total\{outcome="consulted"\} 0$/m);
        expect(metrics).toMatch(/^gatewaykit_requests_total\{operation="responses\.create",status="200"\} 3$/m);
      } finally {
        await run.stop();
      }
    }
  });
});
