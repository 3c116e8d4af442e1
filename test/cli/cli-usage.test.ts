import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readServeConfig } from '../../src/cli/config-file.ts';
import { jsonHeaders } from '../targets.ts';
import { runCli } from './run-cli.ts';

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-config-'));

describe('gatewaykit CLI usage', () => {
  it('the bin of a checkout runs the sources (through tsx): it prints the version, serves, and stops on SIGTERM', async () => {
    // Every other CLI test starts the bundled CLI (the same sources); this one starts the bin.
    const version = runCli(['--version'], process.env, { viaBin: true });
    expect(await version.exited).toBe(0);
    expect(version.out().trim()).toBe(VERSION);
    const serve = runCli(['serve', '--port', '0'], process.env, { viaBin: true });
    const base = await serve.listening();
    const res = await fetch(`${base}/models`, { headers: jsonHeaders() });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    expect(await serve.stop()).toBe(0);
  });

  it('--version prints the package version; a typo gets "did you mean" and a short usage, exit 2', async () => {
    const version = runCli(['--version']);
    expect(await version.exited).toBe(0);
    expect(version.out().trim()).toBe(VERSION);
    const typo = runCli(['serv']);
    expect(await typo.exited).toBe(2);
    expect(typo.err()).toContain('unknown command "serv" (did you mean "serve"?)');
    expect(typo.err().trim().split('\n')).toHaveLength(2);
    const flag = runCli(['serve', '--prot', '1']);
    expect(await flag.exited).toBe(2);
    expect(flag.err()).toContain('unknown option --prot (did you mean --port?)');
    expect(flag.err()).not.toContain('--webhook-secret');
    expect(flag.err().trim().split('\n')).toHaveLength(2);
  });
});

describe('gatewaykit.config.json', () => {
  it('serve reads keys, scripts, catalogue, timing and faults from it; flags win', async () => {
    writeFileSync(join(dir, 'keys.json'), JSON.stringify({ keys: [{ key: 'sk-config-key-1', label: 'from the config' }] }));
    writeFileSync(
      join(dir, 'gatewaykit.config.json'),
      JSON.stringify({
        seed: 5,
        clock: 'virtual',
        keys: 'keys.json',
        scripts: [{ match: { input: 'ping' }, reply: { type: 'text', text: 'pong from the config' } }],
        catalog: { extends: 'default', providers: [], models: [] },
        timing: { mode: 'instant', firstTokenTimeoutMs: 5000 },
        faults: { anthropic: { status: 503 } },
      }),
    );
    const run = runCli(['serve', '--port', '0', '--seed', '9', '--config', join(dir, 'gatewaykit.config.json')]);
    try {
      const base = await run.listening();
      await run.waitForOutput(/control API/);
      expect(run.out()).toContain('clock: virtual, seed: 9, timing: instant');
      expect(run.out()).toContain('config: ');
      // The banner credits each setting to where it came from, and lists what was loaded.
      expect(run.out()).toContain(`keys: 1 from ${join(dir, 'keys.json')}`);
      expect(run.out()).toContain(`scripts: 1 scripted reply from ${join(dir, 'gatewaykit.config.json')}`);
      expect(run.out()).toContain(`provider faults (from ${join(dir, 'gatewaykit.config.json')}): anthropic 503 (all)`);
      const post = (key: string, body: object) => fetch(`${base}/responses`, { method: 'POST', headers: jsonHeaders(key), body: JSON.stringify(body) });
      expect((await post('sk-gw-test', { model: 'openai/gpt-4o-mini', input: 'ping' })).status).toBe(401);
      const pong = (await (await post('sk-config-key-1', { model: 'openai/gpt-4o-mini', input: 'ping' })).json()) as {
        output: Array<{ content?: Array<{ text: string }> }>;
      };
      expect(
        pong.output
          .flatMap((o) => o.content ?? [])
          .map((c) => c.text)
          .join(''),
      ).toBe('pong from the config');
      const faults = (await (await fetch(`${new URL(base).origin}/__gatewaykit/providers/faults`)).json()) as Record<string, unknown>;
      expect(JSON.stringify(faults)).toContain('anthropic');
    } finally {
      await run.stop();
    }
  });

  it('a bad config stops start-up with exit 2, naming the file and the path; no file means no config', async () => {
    const bad = join(dir, 'bad.config.json');
    writeFileSync(bad, JSON.stringify({ timing: 'slowly', colour: 'blue' }));
    const run = runCli(['serve', '--port', '0', '--config', bad]);
    expect(await run.exited).toBe(2);
    expect(run.err()).toContain(bad);
    expect(run.err()).toMatch(/colour|timing/);
    expect(run.out()).not.toContain('listening');
    expect(readServeConfig(undefined, mkdtempSync(join(tmpdir(), 'gatewaykit-empty-')))).toBeUndefined();
    expect(readServeConfig(undefined, dir)?.seed).toBe(5);
  });
});
