import { describe, expect, test } from 'vitest';
import { runCli } from './cli/run-cli.ts';
import { jsonHeaders } from './targets.ts';

// `gatewaykit serve --rate-limit-window`, started as a process: run with the other CLI processes
// in the e2e project. The window in process is in rate-limit-window.test.ts.
const BODY = JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'hi' });

describe('the rate-limited demo key', () => {
  test('gatewaykit serve --rate-limit-window 500ms: the banner states it, the 429 advertises at most it', async () => {
    // A virtual clock: the window does not pass between the two requests, however slow the machine.
    const run = runCli(['serve', '--port', '0', '--clock', 'virtual', '--rate-limit-window', '500ms']);
    try {
      const baseUrl = await run.listening();
      await run.waitForOutput(/control API/);
      expect(run.out()).toMatch(/sk-gw-rate-limited\s+1 request per 500 ms, then 429 with Retry-After \(--rate-limit-window\)/);
      const post = () => fetch(`${baseUrl}/responses`, { method: 'POST', headers: jsonHeaders('sk-gw-rate-limited'), body: BODY });
      expect((await post()).status).toBe(200);
      const limited = await post();
      expect(limited.status).toBe(429);
      const waitMs = Number(limited.headers.get('retry-after-ms'));
      expect(waitMs).toBeGreaterThan(0);
      expect(waitMs).toBe(500);
      // The demo keys are still the demo keys: a 401 names them.
      const refused = await fetch(`${baseUrl}/models`);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('sk-gw-rate-limited (1 request per 500 ms');
    } finally {
      await run.stop();
    }
  }, 120_000);
});
