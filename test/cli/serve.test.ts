import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonHeaders } from '../targets.ts';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-serve-'));

describe('gatewaykit serve (a real process)', () => {
  // Four processes started one after another: the bound is for a hang on a loaded machine, not a speed target.
  it('--help prints every flag and exits 0; an unknown flag or a bad value exits 2 without listening', async () => {
    const help = runCli(['serve', '--help']);
    expect(await help.exited).toBe(0);
    for (const flag of [
      '--port',
      '--host',
      '--seed',
      '--clock',
      '--max-body-bytes',
      '--request-timeout-ms',
      '--headers-timeout-ms',
      '--keep-alive-timeout-ms',
      '--catalog',
      '--scripts',
      '--state-file',
      '--webhook-secret',
      '--webhook-url',
    ]) {
      expect(help.out()).toContain(flag);
    }
    const unknown = runCli(['serve', '--prot', '1']);
    expect(await unknown.exited).toBe(2);
    expect(unknown.err()).toMatch(/--prot/);
    const badTimeout = runCli(['serve', '--request-timeout-ms', '0']);
    expect(await badTimeout.exited).toBe(2);
    expect(badTimeout.err()).toMatch(/--request-timeout-ms must be at least 1/);
    const badClock = runCli(['serve', '--clock', 'sundial']);
    expect(await badClock.exited).toBe(2);
    expect(badClock.err()).toMatch(/--clock must be system or virtual/);
    expect(badClock.out()).not.toContain('listening');
  }, 180_000);

  it('a bad catalogue file stops start-up with exit code 2, naming the file, the path and the rule', async () => {
    const file = join(dir, 'catalog.json');
    writeFileSync(file, JSON.stringify({ version: 1, providers: [], models: [{ id: 'x/y', name: 'Y', endpoints: [] }] }));
    const run = runCli(['serve', '--port', '0', '--catalog', file]);
    expect(await run.exited).toBe(2);
    expect(run.err()).toContain(file);
    expect(run.err()).toMatch(/models\[0\]/);
    expect(run.out()).not.toContain('listening');
  });

  it('prints base URL and demo keys, serves, and shuts down cleanly on SIGINT', async () => {
    const run = runCli(['serve', '--port', '0', '--seed', '3']);
    try {
      const baseUrl = await run.listening();
      await run.waitForOutput(/control API/);
      expect(run.out()).toMatch(/sk-gw-test[\s\S]*sk-gw-management[\s\S]*sk-gw-no-credits[\s\S]*sk-gw-rate-limited/);
      // The control API URL the banner prints answers: it is the inspector page.
      const controlUrl = /control API: (\S+)/.exec(run.out())?.[1] ?? '';
      const page = await fetch(controlUrl);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await page.text()).toContain('<title>gatewaykit inspector</title>');
      const res = await fetch(`${baseUrl}/responses`, {
        method: 'POST',
        headers: jsonHeaders(),
        body: JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'hi' }),
      });
      expect(res.status).toBe(200);
      expect(await run.stop('SIGINT')).toBe(0);
      expect(run.out()).toContain('SIGINT received, shutting down');
    } finally {
      await run.stop();
    }
  });

  it('--request-timeout-ms reaches the server: a client that trickles its body gets 408 in the envelope', async () => {
    const run = runCli(['serve', '--port', '0', '--request-timeout-ms', '400']);
    try {
      const url = new URL(await run.listening());
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(url.port), url.hostname, () => {
          // Headers promise 100 bytes; only 2 ever come.
          socket.write(
            `POST ${url.pathname}/responses HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer sk-gw-test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"`,
          );
        });
        let data = '';
        socket.on('data', (d) => (data += d.toString()));
        socket.on('close', () => resolve(data));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(answer).toContain('"code":408');
    } finally {
      await run.stop();
    }
  });

  it('--clock virtual with --state-file: an accepted job and its progress survive a restart', async () => {
    const stateFile = join(dir, 'state.json');
    const first = runCli(['serve', '--port', '0', '--clock', 'virtual', '--state-file', stateFile]);
    let job: { id: string; polling_url: string };
    try {
      const baseUrl = await first.listening();
      const origin = new URL(baseUrl).origin;
      const submit = await fetch(`${baseUrl}/videos`, {
        method: 'POST',
        headers: jsonHeaders(),
        body: JSON.stringify({ model: 'google/veo-3.1', prompt: 'a red fox in the snow' }),
      });
      expect(submit.status).toBe(202);
      job = (await submit.json()) as { id: string; polling_url: string };
      await fetch(`${origin}/__gatewaykit/clock/advance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ms: 3_600_000 }),
      });
      const done = (await (await fetch(`${origin}${job.polling_url}`, { headers: jsonHeaders() })).json()) as { status: string };
      expect(done.status).toBe('completed');
      expect(await first.stop()).toBe(0);
    } finally {
      await first.stop();
    }

    const second = runCli(['serve', '--port', '0', '--clock', 'virtual', '--state-file', stateFile]);
    const baseUrl2 = await second.listening();
    try {
      const again = await fetch(`${new URL(baseUrl2).origin}${job.polling_url}`, { headers: jsonHeaders() });
      expect(again.status).toBe(200);
      const body = await again.json();
      expect(body, JSON.stringify(body)).toMatchObject({ id: job.id, status: 'completed' });
    } finally {
      await second.stop();
    }
  });
});
