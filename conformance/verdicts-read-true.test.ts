import { describe, expect, it } from 'vitest';
import { CONFORM_HELP } from '../src/cli/conform.ts';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { clockAdvice } from './clock-advice.ts';
import { isPaidProbe } from './client/probe.ts';
import { runConformance } from './run-conformance.ts';

describe('verdicts that read true', () => {
  it('a pass on shared samples names the answers it judged, though another check paid for them', async () => {
    const gateway = createGateway({ clock: virtualClock(), seed: 1 });
    const report = await runConformance({
      baseUrl: gateway.baseUrl,
      apiKey: 'sk-gw-test',
      fetch: gateway.fetch,
      only: ['chat.result-shape', 'chat.usage'],
      seed: 1,
      runs: 0,
      preflight: false,
    });
    const usage = report.checks.find((c) => c.id === 'chat.usage')!;
    expect(usage.status).toBe('passed');
    expect(usage.paid).toBe(0);
    expect(usage.probed?.examples).toBe(3);
    expect(usage.reason).toBe('judged 3 answers: stop, length, tool_calls');
  });

  it('conform --help names every paid operation the suite counts', () => {
    const help = CONFORM_HELP.replace(/\s+/g, ' ');
    for (const path of ['/responses', '/chat/completions', '/messages', '/embeddings', '/videos', '/audio/transcriptions']) {
      expect(isPaidProbe({ method: 'POST', path }), path).toBe(true);
      expect(help, path).toContain(path.replace(/^\//, '/'));
    }
  });

  it('the simulator on its real clock is told that --clock virtual makes the run about ten times faster', () => {
    expect(clockAdvice({ simulator: true, clock: 'system' })).toMatch(/--clock virtual .*about ten times faster/);
    expect(clockAdvice({ simulator: true, clock: 'virtual' })).toBeUndefined();
    expect(clockAdvice({ simulator: false })).toBeUndefined();
  });
});
