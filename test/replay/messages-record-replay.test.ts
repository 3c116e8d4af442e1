import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../../src/adapter/node/create-server.ts';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import type { Cassette } from '../../src/replay/cassette.ts';
import { cassetteRequest, diffCassette } from '../../src/replay/diff-cassette.ts';
import { readCassettes } from '../../src/adapter/node/read-cassettes.ts';
import { startRecorder, type RunningRecorder } from '../../src/adapter/node/record-proxy.ts';

/**
 * Record, replay and diff of `POST /messages`: the Anthropic SDK (default settings, key as
 * `x-api-key`) talks to the recording proxy in front of the simulator on a port; the cassettes
 * replay to the same SDK, and diff clean against the simulator.
 */
const SECRET = 'sk-live-anthropic-secret-0123456789';
const MODEL = 'anthropic/claude-haiku-4.5';
const PARAMS = { model: MODEL, max_tokens: 512, messages: [{ role: 'user' as const, content: 'Tell me about rivers.' }] };

describe('record and replay of POST /messages', () => {
  let upstream: RunningServer;
  let recorder: RunningRecorder;
  let dir: string;
  let recorded: { text: string; streamed: string };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gatewaykit-messages-cassettes-'));
    upstream = await startServer({ port: 0, clock: virtualClock(), keys: [{ key: SECRET }] });
    recorder = await startRecorder({ upstream: upstream.baseUrl, out: dir });
    const client = new Anthropic({ baseURL: recorder.baseUrl.replace(/\/v1$/, ''), apiKey: SECRET });
    const message = await client.messages.create(PARAMS);
    const streamed = await client.messages.stream(PARAMS).finalText();
    recorded = { text: message.content.map((b) => (b.type === 'text' ? b.text : '')).join(''), streamed };
  });
  afterAll(async () => {
    await recorder?.close();
    await upstream?.close();
  });

  test('one cassette per exchange, the key redacted', () => {
    const files = readdirSync(dir).sort();
    expect(files).toEqual(['0001-post-messages.json', '0002-post-messages.json']);
    for (const file of files) expect(readFileSync(join(dir, file), 'utf8')).not.toContain(SECRET);
    const [json] = readCassettes(dir) as [Cassette];
    expect(json.request).toMatchObject({ method: 'POST', path: '/messages' });
    // The SDK sends its key in a credential header (Authorization or x-api-key); the cassette keeps it redacted.
    const credentials = Object.entries(json.request.headers).filter(([name]) => /^(authorization|x-api-key)$/i.test(name));
    expect(credentials.length).toBeGreaterThan(0);
    for (const [, value] of credentials) expect(value).toMatch(/\[REDACTED\]$/);
  });

  test('the SDK gets the recorded answers back from a replaying gateway', async () => {
    const gateway = createGateway({ replay: { cassettes: readCassettes(dir), miss: 'error' } });
    const client = new Anthropic({ baseURL: gateway.baseUrl.replace(/\/v1$/, ''), apiKey: 'anything', fetch: gateway.fetch });
    const message = await client.messages.create(PARAMS);
    expect(message.content.map((b) => (b.type === 'text' ? b.text : '')).join('')).toBe(recorded.text);
    expect(await client.messages.stream(PARAMS).finalText()).toBe(recorded.streamed);
  });

  test('diff against the simulator: same statuses, shapes and event sequence', async () => {
    const gateway = createGateway({ clock: virtualClock() });
    for (const cassette of readCassettes(dir)) {
      const diff = await diffCassette(cassette, await gateway.fetch(cassetteRequest(cassette, gateway.baseUrl, 'sk-gw-test')));
      expect(diff.status.simulated).toBe(diff.status.recorded);
      expect(diff.identicalShape, JSON.stringify(diff)).toBe(true);
    }
  });
});
