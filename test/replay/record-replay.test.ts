import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LLMock } from '@copilotkit/aimock';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../../src/adapter/node/create-server.ts';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import type { Cassette } from '../../src/replay/cassette.ts';
import { cassetteRequest, diffCassette, formatDiffReport } from '../../src/replay/diff-cassette.ts';
import { readCassettes } from '../../src/adapter/node/read-cassettes.ts';
import { startRecorder, type RunningRecorder } from '../../src/adapter/node/record-proxy.ts';

/**
 * Record / replay / diff on loopback: the simulator itself (over a port) and aimock as upstreams.
 * The upstream accepts only a secret key, which must appear nowhere in the cassettes.
 */
const SECRET = 'sk-live-very-secret-0123456789';
const MODEL = 'openai/gpt-4o-mini';
const streamBody = JSON.stringify({ model: MODEL, input: 'Tell me about rivers.', stream: true, metadata: { trace_id: 'one' } });
const jsonBody = JSON.stringify({ model: MODEL, input: 'Say hello.' });
const headers = { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' };

/** Read a body chunk by chunk (the boundaries as they arrive). */
async function chunksOf(res: Response): Promise<string[]> {
  const out: string[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(decoder.decode(value, { stream: true }));
  }
}

describe('record and replay against the simulator on a port', () => {
  let upstream: RunningServer;
  let twin: RunningServer;
  let recorder: RunningRecorder;
  let dir: string;
  let direct: { stream: string; json: string };
  let viaProxy: { stream: string[]; json: string };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gatewaykit-cassettes-'));
    // Two identical upstreams on virtual clocks: the same requests in the same order give the same
    // bytes, so what the caller got through the proxy can be compared with a direct answer.
    upstream = await startServer({ port: 0, clock: virtualClock(), keys: [{ key: SECRET }] });
    twin = await startServer({ port: 0, clock: virtualClock(), keys: [{ key: SECRET }] });
    recorder = await startRecorder({ upstream: upstream.baseUrl, out: dir });
    const post = (base: string, body: string) => fetch(`${base}/responses`, { method: 'POST', headers, body });
    direct = { stream: await (await post(twin.baseUrl, streamBody)).text(), json: await (await post(twin.baseUrl, jsonBody)).text() };
    viaProxy = { stream: await chunksOf(await post(recorder.baseUrl, streamBody)), json: await (await post(recorder.baseUrl, jsonBody)).text() };
    // The openai SDK through the proxy too, and a 401.
    await new OpenAI({ baseURL: recorder.baseUrl, apiKey: SECRET }).models.list();
    await fetch(`${recorder.baseUrl}/models`, { headers: { authorization: 'Bearer sk-wrong-key-000' } });
  });
  afterAll(async () => {
    await recorder?.close();
    await upstream?.close();
    await twin?.close();
  });

  test('the caller gets the upstream bytes', () => {
    expect(viaProxy.stream.join('')).toBe(direct.stream);
    expect(viaProxy.json).toBe(direct.json);
  });

  test('one readable cassette per exchange, credentials redacted everywhere', () => {
    const files = readdirSync(dir).sort();
    expect(files).toEqual(['0001-post-responses.json', '0002-post-responses.json', '0003-get-models.json', '0004-get-models.json']);
    for (const file of files) {
      const text = readFileSync(join(dir, file), 'utf8');
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('sk-wrong-key-000');
    }
    const [stream, json, , unauthorized] = readCassettes(dir) as [Cassette, Cassette, Cassette, Cassette];
    expect(stream.request).toMatchObject({ method: 'POST', path: '/responses', headers: { authorization: 'Bearer [REDACTED]' } });
    expect(stream.request.body).toEqual({ json: JSON.parse(streamBody) });
    expect(stream.response.headers['content-type']).toMatch(/text\/event-stream/);
    const chunks = (stream.response.body as { chunks: Array<{ at_ms: number; text: string }> }).chunks;
    expect(chunks.map((c) => c.text).join('')).toBe(direct.stream);
    expect(chunks.map((c) => c.at_ms)).toEqual([...chunks.map((c) => c.at_ms)].sort((a, b) => a - b));
    expect(json.response.body).toEqual({ json: JSON.parse(direct.json) });
    expect(unauthorized.response.status).toBe(401);
  });

  test('replay answers byte for byte with the recorded chunk boundaries; a miss goes to the simulator', async () => {
    const gateway = createGateway({ replay: { cassettes: readCassettes(dir) } });
    const replayed = await gateway.fetch('/responses', {
      method: 'POST',
      headers: { authorization: 'Bearer anything', 'content-type': 'application/json' },
      body: streamBody,
    });
    expect(replayed.headers.get('x-gatewaykit-replay')).toBe('hit');
    const recordedChunks = ((readCassettes(dir)[0] as Cassette).response.body as { chunks: Array<{ text: string }> }).chunks.map((c) => c.text);
    expect(await chunksOf(replayed)).toEqual(recordedChunks);
    // Keys in a different order: the canonical body matches.
    const reordered = JSON.stringify({ input: 'Say hello.', model: MODEL });
    expect(await (await gateway.fetch('/responses', { method: 'POST', headers, body: reordered })).text()).toBe(direct.json);
    const miss = await gateway.fetch('/responses', {
      method: 'POST',
      headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, input: 'Something else' }),
    });
    expect(miss.status).toBe(200);
    expect(miss.headers.get('x-gatewaykit-replay')).toBe('miss');
  });

  test('replay-miss error is a 404 naming the request; ignored fields do not count', async () => {
    const strict = createGateway({ replay: { cassettes: readCassettes(dir), miss: 'error', ignoreFields: ['metadata.trace_id'] } });
    const other = JSON.stringify({ model: MODEL, input: 'Tell me about rivers.', stream: true, metadata: { trace_id: 'two' } });
    expect((await strict.fetch('/responses', { method: 'POST', headers, body: other })).headers.get('x-gatewaykit-replay')).toBe('hit');
    const miss = await strict.fetch('/responses', { method: 'POST', headers, body: JSON.stringify({ model: MODEL, input: 'Nope' }) });
    expect(miss.status).toBe(404);
    const error = ((await miss.json()) as { error: { code: number; message: string } }).error;
    expect(error).toMatchObject({ code: 404 });
    expect(error.message).toContain('POST /responses');
  });

  test('replay with timing sends each chunk at its recorded time on the gateway clock', async () => {
    const cassette = structuredClone(readCassettes(dir)[0]!) as Cassette;
    // Three chunks 100 ms apart.
    const text = (cassette.response.body as { chunks: Array<{ text: string }> }).chunks.map((c) => c.text).join('');
    const third = Math.floor(text.length / 3);
    const chunks = [text.slice(0, third), text.slice(third, 2 * third), text.slice(2 * third)].map((t, i) => ({ at_ms: i * 100, text: t }));
    cassette.response.body = { chunks };
    const clock = virtualClock();
    const gateway = createGateway({ clock, replay: { cassettes: [cassette], timing: true } });
    const res = await gateway.fetch('/responses', { method: 'POST', headers, body: streamBody });
    const reader = res.body!.getReader();
    expect((await reader.read()).done).toBe(false); // at 0 ms
    const second = reader.read();
    let settled = false;
    void second.then(() => (settled = true));
    await clock.advance(99);
    expect(settled).toBe(false);
    await clock.advance(1);
    expect(new TextDecoder().decode((await second).value)).toBe(chunks[1]!.text);
    await reader.cancel();
  });

  test('diff against a recording of the simulator itself: same statuses, same shapes, same event sequence', async () => {
    const gateway = createGateway({ clock: virtualClock() });
    const cassettes = readCassettes(dir);
    const diffs = [];
    for (const c of cassettes) diffs.push(await diffCassette(c, await gateway.fetch(cassetteRequest(c, gateway.baseUrl, 'sk-gw-test'))));
    // The 401 was for a wrong key; redacted, it reaches the simulator as its demo key: a 200.
    expect(diffs.map((d) => [d.status.recorded, d.status.simulated])).toEqual([
      [200, 200],
      [200, 200],
      [200, 200],
      [401, 200],
    ]);
    expect(diffs.map((d) => d.identicalShape)).toEqual([true, true, true, false]);
    expect(diffs[0]!.events!.recorded).toEqual(diffs[0]!.events!.simulated);
  });
});

describe('recording a stream as it arrives', () => {
  test('a realistic upstream: the caller gets chunks as they come, the cassette keeps boundaries and times', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-paced-'));
    const catalog = {
      extends: 'default' as const,
      providers: [{ slug: 'acme-cloud', name: 'Acme Cloud' }],
      models: [
        {
          id: 'acme/pace-1',
          name: 'Pace 1',
          context_length: 8192,
          endpoints: [{ provider: 'acme-cloud', pricing: { prompt: '0', completion: '0' }, latency: 0.05, throughput: 400 }],
        },
      ],
    };
    const upstream = await startServer({ port: 0, catalog, timing: 'realistic' });
    const recorder = await startRecorder({ upstream: upstream.baseUrl, out: dir });
    try {
      const res = await fetch(`${recorder.baseUrl}/responses`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'acme/pace-1', input: 'Tell me about rivers.', stream: true }),
      });
      const seen = await chunksOf(res);
      expect(seen.length).toBeGreaterThan(2);
      expect(seen.join('')).toContain('[DONE]');
    } finally {
      await recorder.close();
      await upstream.close();
    }
    const chunks = ((readCassettes(dir)[0] as Cassette).response.body as { chunks: Array<{ at_ms: number }> }).chunks;
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.at(-1)!.at_ms - chunks[0]!.at_ms).toBeGreaterThanOrEqual(40);
  });
});

describe('record a foreign upstream (aimock) and diff the simulator against it', () => {
  test('the report names status, fields absent, extra or typed differently, and the event sequences', async () => {
    const mock = new LLMock({ port: 0 });
    mock.onMessage('rivers', { content: 'Rivers flow to the sea.' });
    await mock.start();
    const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-aimock-'));
    const recorder = await startRecorder({ upstream: `${mock.url}/v1`, out: dir });
    try {
      const client = new OpenAI({ baseURL: recorder.baseUrl, apiKey: SECRET });
      await client.responses.create({ model: MODEL, input: 'Tell me about rivers.' });
      const stream = await client.responses.create({ model: MODEL, input: 'Tell me about rivers.', stream: true });
      for await (const _ of stream) void _;
    } finally {
      await recorder.close();
      await mock.stop();
    }
    const cassettes = readCassettes(dir);
    expect(cassettes.map((c) => c.request.path)).toEqual(['/responses', '/responses']);
    for (const file of readdirSync(dir)) expect(readFileSync(join(dir, file), 'utf8')).not.toContain(SECRET);
    const gateway = createGateway({ clock: virtualClock() });
    const entries: Array<[string, Awaited<ReturnType<typeof diffCassette>>]> = [];
    for (const [i, c] of cassettes.entries())
      entries.push([readdirSync(dir).sort()[i]!, await diffCassette(c, await gateway.fetch(cassetteRequest(c, gateway.baseUrl, 'sk-gw-test')))]);
    const report = formatDiffReport(entries);
    expect(report).toContain('status: recorded 200, simulator 200');
    // aimock's answer lacks fields the simulator sends (and the other way round): the diff sees them.
    expect(entries[0]![1].fields.length).toBeGreaterThan(0);
    expect(entries[1]![1].events!.recorded[0]).toBe('response.created');
    expect(report).toMatch(/only in simulator \(\d+\):/);
    expect(report).toContain('2 exchange(s)');
  });
});
