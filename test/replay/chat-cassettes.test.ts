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

/** Record / replay / diff of chat completions: the simulator and aimock as upstreams, on loopback. */
const SECRET = 'sk-live-chat-secret-0123456789';
const MODEL = 'openai/gpt-4o-mini';
const headers = { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' };
const messages = [{ role: 'user', content: 'Tell me about rivers.' }];
const streamBody = JSON.stringify({ model: MODEL, messages, stream: true, stream_options: { include_usage: true } });
const jsonBody = JSON.stringify({ model: MODEL, messages });

describe('chat cassettes against the simulator on a port', () => {
  let upstream: RunningServer;
  let recorder: RunningRecorder;
  let dir: string;
  let direct: { stream: string; json: string };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gatewaykit-chat-cassettes-'));
    upstream = await startServer({ port: 0, clock: virtualClock(), keys: [{ key: SECRET }] });
    recorder = await startRecorder({ upstream: upstream.baseUrl, out: dir });
    const post = (body: string) => fetch(`${recorder.baseUrl}/chat/completions`, { method: 'POST', headers, body });
    direct = { stream: await (await post(streamBody)).text(), json: await (await post(jsonBody)).text() };
  });
  afterAll(async () => {
    await recorder?.close();
    await upstream?.close();
  });

  test('one cassette per exchange, the key redacted; the stream kept as its chunks', () => {
    const files = readdirSync(dir).sort();
    expect(files).toEqual(['0001-post-chat-completions.json', '0002-post-chat-completions.json']);
    for (const file of files) expect(readFileSync(join(dir, file), 'utf8')).not.toContain(SECRET);
    const [stream, json] = readCassettes(dir) as [Cassette, Cassette];
    expect(stream.request).toMatchObject({ method: 'POST', path: '/chat/completions', headers: { authorization: 'Bearer [REDACTED]' } });
    expect((stream.response.body as { chunks: Array<{ text: string }> }).chunks.map((c) => c.text).join('')).toBe(direct.stream);
    expect(json.response.body).toEqual({ json: JSON.parse(direct.json) });
  });

  test('replay answers the recorded bytes, the openai SDK reading them as a chat completion and a chat stream', async () => {
    const gateway = createGateway({ replay: { cassettes: readCassettes(dir), miss: 'error' } });
    const replayed = await gateway.fetch('/chat/completions', { method: 'POST', headers, body: streamBody });
    expect(replayed.headers.get('x-gatewaykit-replay')).toBe('hit');
    expect(await replayed.text()).toBe(direct.stream);
    const client = new OpenAI({ baseURL: gateway.baseUrl, apiKey: 'anything', fetch: (url, init) => gateway.fetch(String(url), init) });
    const completion = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Tell me about rivers.' }] });
    expect(completion.choices[0]!.message.content).toBe(
      (JSON.parse(direct.json) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content,
    );
    const stream = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'Tell me about rivers.' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe(completion.choices[0]!.message.content);
  });

  test('diff against the simulator: same status, shapes and chunk sequence', async () => {
    const gateway = createGateway({ clock: virtualClock() });
    const diffs = [];
    for (const c of readCassettes(dir)) diffs.push(await diffCassette(c, await gateway.fetch(cassetteRequest(c, gateway.baseUrl, 'sk-gw-test'))));
    expect(diffs.map((d) => d.identicalShape)).toEqual([true, true]);
    const events = diffs[0]!.events!.recorded;
    expect(events[0]).toBe('chat.completion.chunk content+role');
    expect(events[1]).toMatch(/^chat\.completion\.chunk content ×\d+$/);
    expect(events.slice(2)).toEqual(['chat.completion.chunk finish_reason', 'chat.completion.chunk usage', '[DONE]']);
    expect(diffs[0]!.events!.simulated).toEqual(events);
  });
});

describe('record aimock chat completions and diff the simulator against them', () => {
  test('the report gives statuses, field differences and both chunk sequences', async () => {
    const mock = new LLMock({ port: 0 });
    mock.onMessage('rivers', { content: 'Rivers flow to the sea.' });
    await mock.start();
    const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-aimock-chat-'));
    const recorder = await startRecorder({ upstream: `${mock.url}/v1`, out: dir });
    try {
      const client = new OpenAI({ baseURL: recorder.baseUrl, apiKey: SECRET });
      const completion = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Tell me about rivers.' }] });
      expect(completion.choices[0]!.message.content).toBe('Rivers flow to the sea.');
      const stream = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Tell me about rivers.' }], stream: true });
      for await (const _ of stream) void _;
    } finally {
      await recorder.close();
      await mock.stop();
    }
    const cassettes = readCassettes(dir);
    expect(cassettes.map((c) => c.request.path)).toEqual(['/chat/completions', '/chat/completions']);
    const gateway = createGateway({ clock: virtualClock() });
    const entries: Array<[string, Awaited<ReturnType<typeof diffCassette>>]> = [];
    for (const [i, c] of cassettes.entries())
      entries.push([readdirSync(dir).sort()[i]!, await diffCassette(c, await gateway.fetch(cassetteRequest(c, gateway.baseUrl, 'sk-gw-test')))]);
    const report = formatDiffReport(entries);
    expect(report).toContain('status: recorded 200, simulator 200');
    expect(entries[1]![1].events!.recorded.some((t) => t.startsWith('chat.completion.chunk'))).toBe(true);
    expect(entries[1]![1].events!.simulated[0]).toBe('chat.completion.chunk content+role');
    expect(entries[1]![1].events!.simulated.at(-1)).toBe('[DONE]');
  });
});
