import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bytesToBase64, pcmWav } from '../src/audio/pcm-wav.ts';
import { DEFAULT_CATALOG } from '../src/catalog/default-catalog.ts';
import { virtualClock } from '../src/clock/index.ts';
import { CreditsResponseSchema, GenerationResponseSchema, KeyResponseSchema } from '../src/schemas/account-responses.ts';
import { ErrorBodySchema } from '../src/schemas/error-body.ts';
import { TARGET_KINDS, jsonHeaders, startTarget, type Target } from './targets.ts';

const MODEL = 'openai/gpt-4o-mini';
const KEYS = [
  { key: 'sk-gw-test', label: 'ample' },
  { key: 'sk-gw-management', kind: 'management' as const },
  // Enough for one or two short answers, not three.
  { key: 'sk-small', label: 'small', credits: 0.00002 },
  { key: 'sk-daily', credits: 0.00002, limitReset: 'daily' as const, rateLimit: { requests: 100, windowMs: 3_600_000 }, freeTier: true },
];

async function errorOf(res: Response, status: number): Promise<string> {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return ErrorBodySchema.parse(body).error.message;
}

describe.each(TARGET_KINDS)('GET /generation, GET /key, GET /credits and 402 (%s)', (kind) => {
  let target: Target;
  const respond = (key = 'sk-gw-test', extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    target.fetch('/responses', {
      method: 'POST',
      headers: jsonHeaders(key, headers),
      body: JSON.stringify({ model: MODEL, input: 'Say something short.', ...extra }),
    });
  const get = async (path: string, key = 'sk-gw-test') => target.fetch(path, { headers: { authorization: `Bearer ${key}` } });
  const keyData = async (key: string) => KeyResponseSchema.parse(await (await get('/key', key)).json()).data;

  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), keys: KEYS, credits: 50 });
  });
  beforeEach(() => target.gateway.control.reset());
  afterAll(() => target.close());

  it('a /responses answer can be looked up by its X-Generation-Id, with its cost, tokens and model', async () => {
    const res = await respond('sk-gw-test', { session_id: 'sess-1', user: 'user-9' }, { 'user-agent': 'account-test', 'x-gateway-metadata': 'enabled' });
    const answer = await res.json();
    const id = res.headers.get('x-generation-id')!;
    const lookup = await get(`/generation?id=${encodeURIComponent(id)}`);
    expect(lookup.status).toBe(200);
    const { data } = GenerationResponseSchema.parse(await lookup.json());
    expect(data).toMatchObject({
      id,
      upstream_id: answer.id,
      model: MODEL,
      provider_name: answer.gateway_metadata.summary.match(/selected=(.+?)(,|$)/)[1],
      streamed: false,
      finish_reason: 'stop',
      native_finish_reason: 'completed',
      tokens_prompt: answer.usage.input_tokens,
      tokens_completion: answer.usage.output_tokens,
      native_tokens_reasoning: answer.usage.output_tokens_details.reasoning_tokens,
      total_cost: answer.usage.cost,
      usage: answer.usage.cost,
      is_byok: false,
      api_type: 'completions',
      session_id: 'sess-1',
      external_user: 'user-9',
      user_agent: 'account-test',
      latency: 0,
      generation_time: 0,
      created_at: new Date(target.gateway.control.now()).toISOString(),
    });
    expect(answer.usage.cost).toBeGreaterThan(0);
  });

  it('a streamed answer is recorded as streamed; an embedding as embeddings', async () => {
    const stream = await respond('sk-gw-test', { stream: true });
    await stream.text();
    const s = (await (await get(`/generation?id=${stream.headers.get('x-generation-id')}`)).json()).data;
    expect(s.streamed).toBe(true);
    expect(s.finish_reason).toBe('stop');
    const failing = await respond('sk-gw-test', { stream: true }, { 'x-gatewaykit-fault': 'stream-error' });
    await failing.text();
    const f = (await (await get(`/generation?id=${failing.headers.get('x-generation-id')}`)).json()).data;
    expect([f.finish_reason, f.native_finish_reason]).toEqual(['error', 'failed']);
    const emb = await target.fetch('/embeddings', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ model: 'openai/text-embedding-3-small', input: 'x' }),
    });
    const body = await emb.json();
    const e = (await (await get(`/generation?id=${body.id}`)).json()).data;
    expect(e).toMatchObject({
      api_type: 'embeddings',
      model: 'openai/text-embedding-3-small',
      tokens_prompt: body.usage.prompt_tokens,
      tokens_completion: 0,
      total_cost: body.usage.cost,
    });
  });

  it('a Chat Completions answer is recorded by the engine under its id, and moves the key', async () => {
    const res = await target.fetch('/chat/completions', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(res.status).toBe(200);
    const completion = await res.json();
    const data = GenerationResponseSchema.parse(await (await get(`/generation?id=${res.headers.get('x-generation-id')}`)).json()).data;
    expect(data).toMatchObject({
      api_type: 'completions',
      model: MODEL,
      tokens_prompt: completion.usage.prompt_tokens,
      tokens_completion: completion.usage.completion_tokens,
    });
    expect((await keyData('sk-gw-test')).usage).toBeCloseTo(data.total_cost, 12);
  });

  it('a Messages answer cut by stop_sequences is billed, recorded and charged at what is left', async () => {
    const res = await target.fetch('/messages', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({
        model: 'anthropic/claude-sonnet-4.5',
        max_tokens: 200,
        stop_sequences: ['the', 'a', 'e'],
        messages: [{ role: 'user', content: 'Tell me a story about the sea.' }],
      }),
    });
    const message = await res.json();
    expect(message.stop_reason).toBe('stop_sequence');
    const data = GenerationResponseSchema.parse(await (await get(`/generation?id=${res.headers.get('x-generation-id')}`)).json()).data;
    expect(data.total_cost).toBe(message.usage.cost);
    expect(data.tokens_completion).toBe(message.usage.output_tokens);
    expect((await keyData('sk-gw-test')).usage).toBeCloseTo(message.usage.cost, 12);
  });

  it('a transcription and a completed video job are recorded too, and their cost moves the key', async () => {
    const audio = await target.fetch('/audio/transcriptions', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ model: 'openai/whisper-large-v3', input_audio: { data: bytesToBase64(pcmWav({ seconds: 3 })), format: 'wav' } }),
    });
    const transcript = await audio.json();
    const stt = GenerationResponseSchema.parse(await (await get(`/generation?id=${audio.headers.get('x-generation-id')}`)).json()).data;
    expect(stt).toMatchObject({ api_type: 'stt', model: 'openai/whisper-large-v3', total_cost: transcript.usage.cost });
    const submitted = await target.fetch('/videos', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ model: DEFAULT_CATALOG.videoModels[0]!.id, prompt: 'a calm sea' }),
    });
    expect(submitted.status).toBe(202);
    const job = await submitted.json();
    await target.gateway.control.advanceClock(3_600_000);
    const done = await (await get(`/videos/${job.id}`)).json();
    expect(done.status).toBe('completed');
    const video = GenerationResponseSchema.parse(await (await get(`/generation?id=${done.generation_id}`)).json()).data;
    expect(video).toMatchObject({ api_type: 'video', model: job.model ?? DEFAULT_CATALOG.videoModels[0]!.id, total_cost: done.usage.cost });
    expect(video.generation_time).toBeGreaterThan(0);
    expect((await keyData('sk-gw-test')).usage).toBeCloseTo(transcript.usage.cost + done.usage.cost, 12);
  });

  it('unknown, missing and free-answer ids: 404 or 400 in the envelope', async () => {
    expect(await errorOf(await get('/generation?id=gen-0-nope'), 404)).toContain('not found');
    expect(await errorOf(await get('/generation'), 400)).toMatch(/^id: required/);
    const models = await get('/models');
    expect(await errorOf(await get(`/generation?id=${models.headers.get('x-generation-id')}`), 404)).toContain('not found');
    expect(await errorOf(await get(`/generation?id=${'x'.repeat(300)}`), 400)).toMatch(/^id: at most 256/);
  });

  it("GET /key: usage moves by each answer's cost; limit_remaining falls; the flags come from the keys file", async () => {
    const before = await keyData('sk-gw-test');
    expect(before).toMatchObject({
      label: 'ample',
      limit: 1_000_000,
      usage: 0,
      usage_daily: 0,
      limit_remaining: 1_000_000,
      is_management_key: false,
      is_free_tier: false,
      limit_reset: null,
    });
    const a = await (await respond()).json();
    const b = await (await respond('sk-gw-test', { input: 'Something else entirely.' })).json();
    const after = await keyData('sk-gw-test');
    const spent = a.usage.cost + b.usage.cost;
    expect(after.usage).toBeCloseTo(spent, 12);
    expect(after.usage_daily).toBeCloseTo(spent, 12);
    expect(after.usage_weekly).toBeCloseTo(spent, 12);
    expect(after.usage_monthly).toBeCloseTo(spent, 12);
    expect(after.limit_remaining).toBeCloseTo(1_000_000 - spent, 9);
    // Another key's usage did not move.
    expect((await keyData('sk-gw-management')).usage).toBe(0);
    expect(await keyData('sk-daily')).toMatchObject({ limit_reset: 'daily', is_free_tier: true, rate_limit: { requests: 100, interval: '1h' } });
    expect((await keyData('sk-gw-management')).is_management_key).toBe(true);
  });

  it('a key running out of its limit gets 402 on paid operations, free ones still answer; usage never passes the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await respond('sk-small', { input: `Short answer number ${i}.`, max_output_tokens: 16 })).status);
    const first402 = statuses.indexOf(402);
    expect(first402).toBeGreaterThan(0);
    expect(statuses.slice(first402).every((s) => s === 402)).toBe(true);
    const key = await keyData('sk-small');
    // The worst case of each answer was held before it was made: the limit holds exactly.
    expect(key.usage).toBeGreaterThan(0);
    expect(key.usage).toBeLessThanOrEqual(0.00002);
    expect(await errorOf(await respond('sk-small', { max_output_tokens: 16 }), 402)).toMatch(
      /^This request requires more credits, or fewer max_tokens\. You requested up to 16 tokens, but can only afford \d+\./,
    );
    // Without a budget the worst case is the endpoint's whole output: refused up front.
    expect(await errorOf(await respond('sk-small'), 402)).toMatch(/You requested up to \d+ tokens/);
    target.gateway.control.setCredits({ keyLimits: { 'sk-small': key.usage } });
    expect(await errorOf(await respond('sk-small', { max_output_tokens: 1 }), 402)).toMatch(
      /^Insufficient credits: this key has used \$[\d.e-]+ of its \$[\d.e-]+ limit\. Raise the key.s limit/,
    );
    expect(
      await errorOf(
        await target.fetch('/embeddings', {
          method: 'POST',
          headers: jsonHeaders('sk-small'),
          body: JSON.stringify({ model: 'openai/text-embedding-3-small', input: 'x' }),
        }),
        402,
      ),
    ).toContain('Insufficient credits');
    expect((await get('/models', 'sk-small')).status).toBe(200);
    expect((await get('/key', 'sk-small')).status).toBe(200);
    // The refused calls cost nothing.
    expect((await keyData('sk-small')).usage).toBe(key.usage);
  });

  it('a daily limit opens again on the next UTC day of the gateway clock', async () => {
    const short = { max_output_tokens: 16 };
    while ((await respond('sk-daily', short)).status === 200);
    expect((await respond('sk-daily', short)).status).toBe(402);
    await target.gateway.control.advanceClock(86_400_000);
    const key = await keyData('sk-daily');
    expect(key.usage_daily).toBe(0);
    expect(key.usage).toBeGreaterThan(0);
    expect((await respond('sk-daily', short)).status).toBe(200);
  });

  it('GET /credits needs a management key (403 otherwise) and reports total_credits and total_usage', async () => {
    expect(await errorOf(await get('/credits'), 403)).toContain('management key');
    const a = await (await respond()).json();
    const b = await (await respond('sk-small', { max_output_tokens: 16 })).json();
    const credits = CreditsResponseSchema.parse(await (await get('/credits', 'sk-gw-management')).json());
    expect(credits.data.total_credits).toBe(50);
    expect(credits.data.total_usage).toBeCloseTo(a.usage.cost + b.usage.cost, 12);
  });

  it('an account out of credits gets 402 for every key; the control API and reset set credits', async () => {
    const set = await target.fetch('/__gatewaykit/credits', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ total_credits: 0 }),
    });
    expect(await set.json()).toEqual({ ok: true, total_credits: 0, total_usage: 0 });
    expect(await errorOf(await respond(), 402)).toContain('the account has used');
    await target.fetch('/__gatewaykit/credits', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ total_credits: 10, keys: { 'sk-small': 5 } }),
    });
    expect((await keyData('sk-small')).limit).toBe(5);
    expect((await respond()).status).toBe(200);
    const reset = await target.fetch('/__gatewaykit/reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ credits: 7 }),
    });
    expect(reset.status).toBe(200);
    expect(await (await target.fetch('/__gatewaykit/credits')).json()).toEqual({ total_credits: 7, total_usage: 0 });
    expect((await keyData('sk-small')).limit).toBe(0.00002);
    expect(
      await errorOf(
        await target.fetch('/__gatewaykit/credits', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ total_credits: -1 }),
        }),
        400,
      ),
    ).toMatch(/^total_credits/);
    expect(
      await errorOf(
        await target.fetch('/__gatewaykit/credits', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ keys: { 'sk-nobody': 1 } }),
        }),
        400,
      ),
    ).toBe('keys: "sk-nobody" is not a key of this gateway');
    expect(
      await errorOf(
        await target.fetch('/__gatewaykit/reset', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ credit: 1 }) }),
        400,
      ),
    ).toMatch(/^credit: /);
  });

  it('the openai SDK at default settings raises the 402 as an APIError without retrying it', async () => {
    const client = new OpenAI({ baseURL: target.baseUrl, apiKey: 'sk-small' });
    const before = target.gateway.control.requestCount();
    target.gateway.control.setCredits({ keyLimits: { 'sk-small': 0 } });
    const error = await client.responses.create({ model: MODEL, input: 'hi' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(402);
    expect(target.gateway.control.requestCount() - before).toBe(1);
  });
});

describe('the generation store is bounded', () => {
  it('keeps the newest `generationsLimit` answers and forgets the oldest', async () => {
    const target = await startTarget('msw', { generationsLimit: 2 });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await target.fetch('/responses', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ model: MODEL, input: `n ${i}` }) });
        ids.push(res.headers.get('x-generation-id')!);
      }
      const status = async (id: string) => (await target.fetch(`/generation?id=${id}`, { headers: { authorization: 'Bearer sk-gw-test' } })).status;
      expect([await status(ids[0]!), await status(ids[1]!), await status(ids[2]!)]).toEqual([404, 200, 200]);
    } finally {
      await target.close();
    }
  });
});
