import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../../src/adapter/node/create-server.ts';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { runCli } from '../cli/run-cli.ts';

// `gatewaykit serve --replay ... --replay-miss proxy`, started as a process: run with the other CLI
// processes in the e2e project. Replay at the upstream's base path in process is in
// replay-friction.test.ts.
const MODEL = 'openai/gpt-4o-mini';
const headers = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };
const body = (input: string) => JSON.stringify({ model: MODEL, input });

describe('replay misses passed through to the real upstream and recorded: serve', () => {
  let upstream: RunningServer;

  beforeAll(async () => {
    // The "real gateway" is the simulator on a port.
    upstream = await startServer({ port: 0, clock: virtualClock() });
  });
  afterAll(async () => {
    await upstream?.close();
  });

  test('CLI: serve --replay DIR --replay-base-path /v1 --replay-miss proxy --upstream URL', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gatewaykit-cli-proxy-miss-'));
    const server = runCli(['serve', '--port', '0', '--replay', out, '--replay-base-path', '/v1', '--replay-miss', 'proxy', '--upstream', upstream.baseUrl]);
    try {
      const base = await server.listening();
      await server.waitForOutput(/replay: 0 cassette\(s\) from .* \(also under \/v1\), misses: proxy to http/);
      const res = await fetch(`${new URL(base).origin}/v1/responses`, { method: 'POST', headers, body: body('Through the CLI.') });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-gatewaykit-replay')).toBe('proxied');
      await res.text();
      await server.waitForOutput(/recorded miss: 0001-post-responses\.json {2}POST \/responses -> 200/);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(readdirSync(out)).toEqual(['0001-post-responses.json']);
    const bad = runCli(['serve', '--port', '0', '--replay', out, '--replay-miss', 'proxy']);
    expect(await bad.exited).toBe(2);
    expect(bad.err()).toMatch(/--replay-miss proxy needs --upstream URL/);
  });
});
