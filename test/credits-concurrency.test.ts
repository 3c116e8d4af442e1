import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bytesToBase64, pcmWav } from '../src/audio/pcm-wav.ts';
import { stateFileOptions } from '../src/adapter/node/state-file.ts';
import { virtualClock } from '../src/clock/index.ts';
import { createGateway, type Gateway } from '../src/gateway/create-gateway.ts';

/**
 * Credits cannot be overspent (issue 40 item 2, docs/account.md): a paid request holds its worst
 * case when it passes the 402 check, so however many requests pass the check together, with
 * headers first and bodies late, usage never passes the key's limit. Every paid operation, with
 * videos saved to a state file.
 */
const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-credits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LIMIT = 0.01;
const OPS = ['responses', 'chat', 'chat-stream', 'messages', 'embeddings', 'audio', 'videos'] as const;
type Op = (typeof OPS)[number];
const keyOf = (op: Op) => `sk-limited-${op}`;

/** About 40 KB of prompt. */
const BIG = 'The quick brown fox jumps over the lazy dog near the riverbank. '.repeat(640);
const WAV = bytesToBase64(pcmWav({ seconds: 5 }));

function body(op: Op, i: number): { path: string; json: unknown } {
  const prompt = `${i}: ${BIG}`;
  switch (op) {
    case 'responses':
      return { path: '/responses', json: { model: 'openai/gpt-4o-mini', input: prompt, max_output_tokens: 64 } };
    case 'chat':
      return { path: '/chat/completions', json: { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: prompt }], max_tokens: 64 } };
    case 'chat-stream':
      return { path: '/chat/completions', json: { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: prompt }], max_tokens: 64, stream: true } };
    case 'messages':
      return {
        path: '/messages',
        json: { model: 'anthropic/claude-sonnet-4.5', max_tokens: 64, messages: [{ role: 'user', content: `Question ${i}: tell me about the sea.` }] },
      };
    case 'embeddings':
      return { path: '/embeddings', json: { model: 'openai/text-embedding-3-large', input: prompt.slice(0, 20_000) } };
    case 'audio':
      return { path: '/audio/transcriptions', json: { model: 'openai/whisper-large-v3', input_audio: { data: WAV, format: 'wav' } } };
    case 'videos':
      return { path: '/videos', json: { model: 'google/veo-3.1', prompt: `a calm sea, take ${i}` } };
  }
}

/**
 * A request whose body the gateway gets only when `release` is called: its headers arrive first.
 * `reading` resolves once the gateway asks for the body (it passed the 402 check at the headers).
 */
function late(gateway: Gateway, op: Op, i: number) {
  const { path, json } = body(op, i);
  const bytes = new TextEncoder().encode(JSON.stringify(json));
  let pulled!: () => void;
  const reading = new Promise<void>((resolve) => (pulled = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        pulled();
        await released;
        controller.enqueue(bytes);
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const headers = { authorization: `Bearer ${keyOf(op)}`, 'content-type': 'application/json' };
  const response = gateway.fetch(new Request(`${gateway.baseUrl}${path}`, { method: 'POST', headers, body: stream, duplex: 'half' } as RequestInit));
  return { reading, release, response };
}

async function usage(gateway: Gateway, key: string): Promise<number> {
  const res = await gateway.fetch('/key', { headers: { authorization: `Bearer ${key}` } });
  return ((await res.json()) as { data: { usage: number } }).data.usage;
}

describe('credits cannot be overspent, whatever the timing and concurrency', async () => {
  const clock = virtualClock();
  const state = await stateFileOptions(join(dir, 'state.log'), clock);
  const gateway = createGateway({
    clock,
    keys: [{ key: 'sk-gw-test' }, ...OPS.map((op) => ({ key: keyOf(op), credits: LIMIT, rateLimit: { requests: 100_000, windowMs: 60_000 } }))],
    videoJobs: state.videoJobs,
  });
  afterAll(() => state.log.close?.());

  it.each([
    ['responses', 50],
    ['chat', 50],
    ['chat-stream', 50],
    ['messages', 300],
    ['embeddings', 50],
    ['audio', 50],
    ['videos', 20],
  ] as const)('%s: %i requests pass the header check together, their bodies come late; usage stays within the limit', async (op, count) => {
    if (op === 'videos') {
      // One job must fit the limit for any to be served: the limit is set to two and a half jobs.
      const probe = await gateway.fetch('/videos', {
        method: 'POST',
        headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
        body: JSON.stringify(body('videos', -1).json),
      });
      expect(probe.status).toBe(202);
      const cost = await usage(gateway, 'sk-gw-test');
      expect(cost).toBeGreaterThan(0);
      gateway.control.setCredits({ keyLimits: { [keyOf(op)]: cost * 2.5 } });
    }
    const calls = Array.from({ length: count }, (_, i) => late(gateway, op, i));
    // Every request is past its 402 check (or refused there) before any body arrives.
    await Promise.all(calls.map((c) => Promise.race([c.reading, c.response])));
    for (const c of calls) c.release();
    const responses = await Promise.all(calls.map((c) => c.response));
    const statuses = await Promise.all(responses.map(async (r) => (await r.arrayBuffer(), r.status)));
    const served = statuses.filter((s) => s === 200 || s === 202).length;
    expect(
      statuses.every((s) => s === 200 || s === 202 || s === 402),
      JSON.stringify(statuses),
    ).toBe(true);
    expect(served).toBeGreaterThan(0);
    expect(served).toBeLessThan(count);
    const used = await usage(gateway, keyOf(op));
    const cap = ((await (await gateway.fetch('/key', { headers: { authorization: `Bearer ${keyOf(op)}` } })).json()) as { data: { limit: number } }).data.limit;
    expect(used).toBeGreaterThan(0);
    expect(used).toBeLessThanOrEqual(cap + 1e-12);
  });
});
