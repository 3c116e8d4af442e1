import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../../src/adapter/node/create-server.ts';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import { missProxy } from '../../src/adapter/node/proxy-miss.ts';
import { readCassettes } from '../../src/adapter/node/read-cassettes.ts';
import { startRecorder } from '../../src/adapter/node/record-proxy.ts';

/**
 * Replay as a user first tries it: cassettes recorded from an upstream served at `/v1`, replayed
 * at that path; misses marked; misses passed through to the real upstream and recorded.
 */
const MODEL = 'openai/gpt-4o-mini';
const headers = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };
const body = (input: string, stream = false) => JSON.stringify({ model: MODEL, input, ...(stream ? { stream: true } : {}) });

describe("replay at the recorded upstream's base path, misses marked", () => {
  let upstream: RunningServer;
  let dir: string;

  beforeAll(async () => {
    // The "real gateway" is the simulator on a port; recorded through the proxy at /api/v1.
    upstream = await startServer({ port: 0, clock: virtualClock() });
    dir = mkdtempSync(join(tmpdir(), 'gatewaykit-friction-'));
    const recorder = await startRecorder({ upstream: upstream.baseUrl, out: dir });
    try {
      await (await fetch(`${recorder.baseUrl}/responses`, { method: 'POST', headers, body: body('Recorded once.') })).text();
    } finally {
      await recorder.close();
    }
  });
  afterAll(async () => {
    await upstream?.close();
  });

  test('basePath /v1: a recorded request answers there and under /api/v1; a miss there is simulated and marked', async () => {
    const gateway = createGateway({ clock: virtualClock(), replay: { cassettes: readCassettes(dir), basePath: '/v1' } });
    const origin = new URL(gateway.baseUrl).origin;
    for (const base of [`${origin}/v1`, gateway.baseUrl]) {
      const hit = await gateway.fetch(`${base}/responses`, { method: 'POST', headers, body: body('Recorded once.') });
      expect(hit.headers.get('x-gatewaykit-replay')).toBe('hit');
    }
    const miss = await gateway.fetch(`${origin}/v1/responses`, { method: 'POST', headers, body: body('Never recorded.') });
    expect(miss.status).toBe(200);
    expect(miss.headers.get('x-gatewaykit-replay')).toBe('miss');
    expect(((await miss.json()) as { object: string }).object).toBe('response');
    const ownMiss = await gateway.fetch('/responses', { method: 'POST', headers, body: body('Never recorded either.') });
    expect(ownMiss.headers.get('x-gatewaykit-replay')).toBe('miss');
  });

  test('without basePath, /v1 is not replayed (404 from the simulator)', async () => {
    const gateway = createGateway({ clock: virtualClock(), replay: { cassettes: readCassettes(dir) } });
    const res = await gateway.fetch(`${new URL(gateway.baseUrl).origin}/v1/responses`, { method: 'POST', headers, body: body('Recorded once.') });
    expect(res.status).toBe(404);
  });

  test('a bad basePath is refused', () => {
    expect(() => createGateway({ replay: { cassettes: [], basePath: 'v1' } })).toThrow(/basePath must be a path/);
  });

  test('miss proxy: a miss goes to the real upstream, streams through, is recorded and then replays', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gatewaykit-proxy-miss-'));
    const recorded: string[] = [];
    const notRecorded: string[] = [];
    const replaying = await startServer({
      port: 0,
      replay: {
        cassettes: readCassettes(out),
        miss: 'proxy',
        onMiss: missProxy({ upstream: upstream.baseUrl, out, onRecorded: (f) => recorded.push(f), onNotRecorded: (l) => notRecorded.push(l) }),
      },
    });
    let streamed: string;
    try {
      // The openai SDK at default settings, as a user's code would be.
      const client = new OpenAI({ baseURL: replaying.baseUrl, apiKey: 'sk-gw-test' });
      const json = await client.responses.create({ model: MODEL, input: 'Pass me through.' });
      expect(json.object).toBe('response');
      const res = await fetch(`${replaying.baseUrl}/responses`, { method: 'POST', headers, body: body('Stream me through.', true) });
      expect(res.headers.get('x-gatewaykit-replay')).toBe('proxied');
      streamed = await res.text();
      expect(streamed).toContain('response.completed');
    } finally {
      await replaying.close();
    }
    expect(notRecorded).toEqual([]);
    expect(recorded).toEqual(['0001-post-responses.json', '0002-post-responses.json']);
    expect(readdirSync(out).sort()).toEqual(recorded);
    // Next start: the former misses are hits, byte for byte.
    const next = createGateway({ replay: { cassettes: readCassettes(out), miss: 'error' } });
    const again = await next.fetch('/responses', { method: 'POST', headers, body: body('Stream me through.', true) });
    expect(again.headers.get('x-gatewaykit-replay')).toBe('hit');
    expect(await again.text()).toBe(streamed);
  });

  test('miss proxy without onMiss is refused', () => {
    expect(() => createGateway({ replay: { cassettes: [], miss: 'proxy' } })).toThrow(/needs onMiss/);
  });
});
