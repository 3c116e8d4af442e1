import { describe, expect, it } from 'vitest';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { sessionId257Accepted } from './operations/responses/request-mutants.ts';
import { malformedJson500 } from './operations/responses/result-mutants.ts';
import { runConformance } from './run-conformance.ts';
import { conform } from '../src/cli/conform.ts';

describe('a failure is shrunk and replays exactly', () => {
  const gateway = () => createGateway({ clock: virtualClock() });

  it('shrinks to the boundary (257 characters), gives seed, path, replay command and a redacted curl', async () => {
    const gw = gateway();
    const fetch = sessionId257Accepted.wrap(gw.fetch, { apiKey: 'sk-gw-test' });
    const report = await runConformance({ baseUrl: gw.baseUrl, apiKey: 'sk-gw-test', fetch, only: ['validation.session-id-length'], seed: 99, runs: 20 });
    const failure = report.checks[0]!;
    expect(failure.status).toBe('failed');
    const body = failure.counterexample?.body as { session_id: string };
    expect(body.session_id.length).toBe(257);
    expect(failure.replay).toMatchObject({ seed: 99, path: expect.stringMatching(/^\d+(:\d+)*$/) });
    expect(failure.replay!.command).toContain(`--only validation.session-id-length --seed 99`);
    expect(failure.replay!.command).toContain(`--replay ${failure.replay!.path}`);
    expect(failure.curl).toContain('"Authorization: Bearer $GATEWAY_API_KEY"');
    expect(failure.curl).not.toContain('sk-gw-test');

    // Replaying with the seed and path reproduces the same counterexample, and runs only it.
    const replayGw = gateway();
    const replayed = await runConformance({
      baseUrl: replayGw.baseUrl,
      apiKey: 'sk-gw-test',
      fetch: sessionId257Accepted.wrap(replayGw.fetch, { apiKey: 'sk-gw-test' }),
      only: ['validation.session-id-length'],
      seed: 99,
      runs: 20,
      replay: failure.replay!.path,
    });
    expect(replayed.checks[0]).toMatchObject({ status: 'failed', counterexample: failure.counterexample });
    expect(replayed.checks[0]!.requests).toBeLessThan(failure.requests);
  });

  it('the CLI prints the failure with its replay and exits 1; 0 when all pass; 2 on usage errors', async () => {
    const gw = gateway();
    const out: string[] = [];
    const io = { out: (l: string) => void out.push(l), err: (l: string) => void out.push(l) };
    const args = ['--base-url', gw.baseUrl, '--api-key', 'sk-gw-test', '--only', 'validation.session-id-length', '--seed', '7', '--runs', '10'];
    const fetch = sessionId257Accepted.wrap(gw.fetch, { apiKey: 'sk-gw-test' });
    expect(await conform(args, io, { fetch })).toBe(1);
    const text = out.join('\n');
    expect(text).toContain('FAIL validation.session-id-length');
    const replay = /replay: +(gatewaykit conform .*)/.exec(text)?.[1];
    expect(replay).toMatch(/--replay \S+/);
    const path = /--replay (\S+)/.exec(replay!)![1]!;

    const again: string[] = [];
    const io2 = { out: (l: string) => void again.push(l), err: io.err };
    const gw2 = gateway();
    expect(await conform([...args, '--replay', path], io2, { fetch: sessionId257Accepted.wrap(gw2.fetch, { apiKey: 'sk-gw-test' }) })).toBe(1);
    expect(again.join('\n')).toContain(`"session_id":"${'s'.repeat(257)}"`);

    const gw3 = gateway();
    expect(await conform(args, { out: () => {}, err: () => {} }, { fetch: gw3.fetch })).toBe(0);
    expect(await conform(['--api-key', 'k'], { out: () => {}, err: () => {} })).toBe(2);
    expect(await conform(['--base-url', gw.baseUrl, '--api-key', 'k', '--runs', 'many'], { out: () => {}, err: () => {} })).toBe(2);
  });

  it('the replay of an always-on oracle runs the check that sent the exchange, and reproduces the verdict', async () => {
    const gw = gateway();
    const fetch = malformedJson500.wrap(gw.fetch, { apiKey: 'sk-gw-test' });
    const report = await runConformance({ baseUrl: gw.baseUrl, apiKey: 'sk-gw-test', fetch, seed: 5, runs: 3, only: ['errors.', 'always.no-unasked-5xx'] });
    const failure = report.checks.find((c) => c.id === 'always.no-unasked-5xx')!;
    expect(failure.status).toBe('failed');
    const only = /--only (\S+)/.exec(failure.replay!.command)![1]!;
    expect(only).toBe('errors.envelope,always.no-unasked-5xx');

    // The printed command, run as printed (CLI), fails the same check again.
    const out: string[] = [];
    const gw2 = gateway();
    const code = await conform(
      ['--base-url', gw2.baseUrl, '--api-key', 'sk-gw-test', '--only', only, '--seed', '5', '--runs', '3'],
      { out: (l) => void out.push(l), err: (l) => void out.push(l) },
      { fetch: malformedJson500.wrap(gw2.fetch, { apiKey: 'sk-gw-test' }) },
    );
    expect(code).toBe(1);
    expect(out.join('\n')).toMatch(/ADVICE always\.no-unasked-5xx|FAIL always\.no-unasked-5xx/);
    expect(out.join('\n')).toContain('(sent by errors.envelope)');
  });
});
