import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonHeaders } from '../targets.ts';
import { runCli } from './run-cli.ts';

const BODY = JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'Tell me about rivers.', stream: true });

describe('gatewaykit record / serve --replay / diff (real processes)', () => {
  it('records through the proxy, replays the cassette over a port, and diffs it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-cli-cassettes-'));
    const upstream = runCli(['serve', '--port', '0', '--clock', 'virtual']);
    let recorded: string;
    try {
      const upstreamUrl = await upstream.listening();
      const recorder = runCli(['record', '--upstream', upstreamUrl, '--out', dir, '--port', '0']);
      try {
        const proxyUrl = await recorder.listening();
        expect(proxyUrl).toMatch(/\/api\/v1$/);
        recorded = await (await fetch(`${proxyUrl}/responses`, { method: 'POST', headers: jsonHeaders(), body: BODY })).text();
        await recorder.waitForOutput(/0001-post-responses\.json\s+POST \/responses -> 200/);
      } finally {
        expect(await recorder.stop('SIGINT')).toBe(0);
      }
      expect(recorder.out()).toContain('1 cassette(s) written');
    } finally {
      await upstream.stop();
    }
    expect(readdirSync(dir)).toEqual(['0001-post-responses.json']);

    const replay = runCli(['serve', '--port', '0', '--replay', dir, '--replay-miss', 'error']);
    try {
      const base = await replay.listening();
      await replay.waitForOutput(/replay: 1 cassette\(s\)/);
      const hit = await fetch(`${base}/responses`, { method: 'POST', headers: jsonHeaders('sk-anything'), body: BODY });
      expect(await hit.text()).toBe(recorded);
      const miss = await fetch(`${base}/responses`, { method: 'POST', headers: jsonHeaders(), body: '{"model":"openai/gpt-4o-mini","input":"other"}' });
      expect(miss.status).toBe(404);
    } finally {
      await replay.stop();
    }

    const diff = runCli(['diff', '--cassettes', dir]);
    expect(await diff.exited).toBe(0);
    expect(diff.out()).toContain('0001-post-responses.json  POST /responses');
    expect(diff.out()).toContain('events (same sequence of types)');
    expect(diff.out()).toContain('1 exchange(s): 1 with the recorded status, 1 with the same shape.');
  });

  it('bad usage: a short message and exit 2', async () => {
    const noUpstream = runCli(['record', '--out', 'x']);
    expect(await noUpstream.exited).toBe(2);
    expect(noUpstream.err()).toMatch(/--upstream URL is required/);
    expect(noUpstream.err().split('\n').length).toBeLessThan(4);
    const noDir = runCli(['diff', '--cassettes', join(tmpdir(), 'no-such-cassettes-dir')]);
    expect(await noDir.exited).toBe(2);
    expect(noDir.err()).toMatch(/cannot read the cassettes directory/);
    const badMiss = runCli(['serve', '--replay', tmpdir(), '--replay-miss', 'maybe']);
    expect(await badMiss.exited).toBe(2);
    expect(badMiss.err()).toMatch(/--replay-miss must be simulate, error or proxy/);
  });
});
