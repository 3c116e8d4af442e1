import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { StreamEventSchema } from '../src/schemas/stream-events.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';

const MODEL = 'openai/gpt-4o-mini';
const TERMINAL = ['response.completed', 'response.incomplete', 'response.failed'];

interface Parsed {
  /** `event:` name and parsed `data:` of each event, `[DONE]` as the string. */
  messages: Array<{ event: string | undefined; data: any }>;
  comments: string[];
  raw: string;
  chunks: number;
}

/** Read a whole SSE body with eventsource-parser, feeding it chunk by chunk as it arrives. */
async function readStream(res: Response): Promise<Parsed> {
  const messages: Parsed['messages'] = [];
  const comments: string[] = [];
  const parser = createParser({
    onEvent: (e) => messages.push({ event: e.event, data: e.data === '[DONE]' ? '[DONE]' : JSON.parse(e.data) }),
    onComment: (c) => comments.push(c),
  });
  const decoder = new TextDecoder();
  let raw = '';
  let chunks = 0;
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks++;
    const text = decoder.decode(value, { stream: true });
    raw += text;
    parser.feed(text);
  }
  raw += decoder.decode();
  return { messages, comments, raw, chunks };
}

const eventsOf = (p: Parsed) => p.messages.filter((m) => m.data !== '[DONE]').map((m) => m.data as Record<string, any>);

describe.each(TARGET_KINDS)('POST /responses stream (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), seed: 3 });
  });
  afterAll(() => target.close());

  const resetGateway = async () => {
    const res = await target.fetch('/__gatewaykit/reset', { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(200);
  };
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    target.fetch('/responses', { method: 'POST', headers: jsonHeaders('sk-gw-test', headers), body: JSON.stringify(body) });
  const stream = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const res = await post({ ...body, stream: true }, headers);
    expect(res.status).toBe(200);
    return { res, parsed: await readStream(res) };
  };
  const weather = {
    type: 'function',
    name: 'get_weather',
    description: 'Weather for a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  };

  it('sends the keep-alive comment, the grammar of the reference, sequence numbers 0..n, then [DONE]', async () => {
    const { res, parsed } = await stream({ model: 'openai/gpt-5-mini', input: 'Why do cats purr?', reasoning: { effort: 'low', summary: 'auto' } });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-generation-id')).toMatch(/^gen-/);
    expect(parsed.raw.startsWith(': GATEWAY PROCESSING\n\n')).toBe(true);
    expect(parsed.comments.map((c) => c.trim())).toEqual(['GATEWAY PROCESSING']);
    expect(parsed.messages.at(-1)?.data).toBe('[DONE]');
    expect(parsed.raw.endsWith('data: [DONE]\n\n')).toBe(true);
    const events = eventsOf(parsed);
    events.forEach((e, i) => {
      expect(e.sequence_number).toBe(i);
      expect(parsed.messages[i]?.event).toBe(e.type);
      expect(StreamEventSchema.safeParse(e).success, `${e.type}: ${StreamEventSchema.safeParse(e).error?.message}`).toBe(true);
    });
    const types = events.map((e) => e.type);
    expect(types.slice(0, 2)).toEqual(['response.created', 'response.in_progress']);
    expect(types.filter((t) => TERMINAL.includes(t))).toEqual(['response.completed']);
    expect(types.at(-1)).toBe('response.completed');
    expect(types).toContain('response.reasoning_text.delta');
    // Item by item: added ... done, nested content parts balanced.
    const open: string[] = [];
    for (const t of types.slice(2, -1)) {
      if (t === 'response.output_item.added' || t === 'response.content_part.added' || t === 'response.reasoning_summary_part.added') open.push(t);
      if (t === 'response.output_item.done') expect(open.pop()).toBe('response.output_item.added');
      if (t === 'response.content_part.done') expect(open.pop()).toBe('response.content_part.added');
      if (t === 'response.reasoning_summary_part.done') expect(open.pop()).toBe('response.reasoning_summary_part.added');
      if (t.endsWith('.delta')) expect(open.length).toBeGreaterThan(0);
    }
    expect(open).toEqual([]);
    const completed = events.at(-1)?.response;
    expect(completed.status).toBe('completed');
    expect(completed.output.length).toBe(2);
    expect(completed.usage.total_tokens).toBe(completed.usage.input_tokens + completed.usage.output_tokens);
  });

  it('text deltas carry the spec 6.4 fields and join to the done text and the final output text', async () => {
    const { parsed } = await stream({ model: MODEL, input: 'Describe a quiet morning by the sea, in some detail please.' });
    const events = eventsOf(parsed);
    const deltas = events.filter((e) => e.type === 'response.output_text.delta');
    expect(deltas.length).toBeGreaterThan(1);
    for (const d of deltas) expect(Object.keys(d).sort()).toEqual(['content_index', 'delta', 'item_id', 'logprobs', 'output_index', 'sequence_number', 'type']);
    const joined = deltas.map((d) => d.delta).join('');
    expect(events.find((e) => e.type === 'response.output_text.done')?.text).toBe(joined);
    expect(events.at(-1)?.response.output[0].content[0].text).toBe(joined);
  });

  it('the final streamed response equals the non-streamed result, byte for byte, with the same generation id', async () => {
    // Ids are fresh per answer and replay by sequence: compare each answer as the first after a reset.
    const body = { model: MODEL, input: 'What makes bread rise?', tools: [weather], metadata: { k: 'v' } };
    await resetGateway();
    const plain = await post(body);
    const plainText = await plain.text();
    await resetGateway();
    const { res, parsed } = await stream(body);
    expect(JSON.stringify(eventsOf(parsed).at(-1)?.response)).toBe(plainText);
    expect(res.headers.get('x-generation-id')).toBe(plain.headers.get('x-generation-id'));
    await resetGateway();
    const again = await stream(body);
    expect(again.parsed.raw).toBe(parsed.raw);
  });

  it('function calls stream their arguments as deltas that join to the done arguments', async () => {
    const { parsed } = await stream({ model: MODEL, input: 'Weather in Rome?', tools: [weather] });
    const events = eventsOf(parsed);
    const joined = events
      .filter((e) => e.type === 'response.function_call_arguments.delta')
      .map((e) => e.delta)
      .join('');
    const done = events.find((e) => e.type === 'response.function_call_arguments.done');
    expect(done).toMatchObject({ name: 'get_weather', arguments: joined });
    expect(JSON.parse(joined)).toHaveProperty('city');
  });

  it('max_output_tokens ends the stream with response.incomplete', async () => {
    const events = eventsOf((await stream({ model: MODEL, input: 'Explain rainbows.', max_output_tokens: 4 })).parsed);
    expect(events.at(-1)).toMatchObject({
      type: 'response.incomplete',
      response: { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } },
    });
  });

  it('gateway_metadata rides on the terminal event only, when enabled', async () => {
    const on = eventsOf((await stream({ model: MODEL, input: 'Hi' }, { 'x-gateway-experimental-metadata': 'eNaBlEd' })).parsed);
    expect(on.at(-1)?.response.gateway_metadata).toMatchObject({ requested: MODEL });
    expect(on[0]?.response.gateway_metadata).toBeUndefined();
    const off = eventsOf((await stream({ model: MODEL, input: 'Hi' })).parsed);
    expect(off.at(-1)?.response.gateway_metadata).toBeUndefined();
  });

  it('debug.echo_upstream_body puts a response.debug event first with the upstream body', async () => {
    const events = eventsOf(
      (await stream({ model: MODEL, input: 'Hi', debug: { echo_upstream_body: true }, session_id: 's-1', provider: { allow_fallbacks: false } })).parsed,
    );
    expect(events[0]).toMatchObject({ type: 'response.debug', debug: { echo_upstream_body: { model: MODEL, input: 'Hi', stream: true } } });
    expect(events[0]).not.toHaveProperty('sequence_number');
    expect(events[0]?.debug.echo_upstream_body).not.toHaveProperty('session_id');
    expect(events[0]?.debug.echo_upstream_body).not.toHaveProperty('provider');
    expect(events[1]).toMatchObject({ type: 'response.created', sequence_number: 0 });
    expect(events.slice(1).every((e, i) => e.sequence_number === i)).toBe(true);
  });

  it('X-Gatewaykit-Chunking: random gives the same bytes, hence the same events', async () => {
    const body = { model: MODEL, input: 'Write about a café in Paris, with some detail.' };
    await resetGateway();
    const plain = await stream(body);
    await resetGateway();
    const chunked = await stream(body, { 'X-Gatewaykit-Chunking': 'random' });
    expect(chunked.parsed.raw).toBe(plain.parsed.raw);
    expect(chunked.parsed.messages).toEqual(plain.parsed.messages);
  });

  it('stream-error: deltas, then a flat error event, then response.failed and [DONE]', async () => {
    const { parsed } = await stream({ model: MODEL, input: 'Tell me a story about a fox.' }, { 'X-Gatewaykit-Fault': 'stream-error' });
    const events = eventsOf(parsed);
    const types = events.map((e) => e.type);
    const at = types.indexOf('error');
    expect(types.slice(0, at)).toContain('response.output_text.delta');
    expect(events[at]).toMatchObject({ type: 'error', code: 'server_error', param: null });
    expect(typeof events[at]?.message).toBe('string');
    expect(types.slice(at + 1)).toEqual(['response.failed']);
    expect(events.at(-1)?.response).toMatchObject({ status: 'failed', error: { code: 'server_error' } });
    expect(parsed.messages.at(-1)?.data).toBe('[DONE]');
    events.forEach((e, i) => expect(e.sequence_number).toBe(i));
  });

  it('stream-cut: the stream ends mid-event, with no terminal event and no [DONE]', async () => {
    const { parsed } = await stream({ model: MODEL, input: 'Tell me a story about a fox.' }, { 'X-Gatewaykit-Fault': 'stream-cut' });
    const types = eventsOf(parsed).map((e) => e.type);
    expect(types.slice(0, 2)).toEqual(['response.created', 'response.in_progress']);
    expect(types.some((t) => TERMINAL.includes(t))).toBe(false);
    expect(parsed.messages.some((m) => m.data === '[DONE]')).toBe(false);
    expect(parsed.raw.endsWith('\n\n')).toBe(false);
  });

  it('failures before the first byte are JSON errors, not streams', async () => {
    const bad = await post({ model: MODEL, input: 'Hi', stream: true, temperature: 'hot' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^application\/json/);
    const forced = await post({ model: MODEL, input: 'Hi', stream: true }, { 'X-Gatewaykit-Fault': '503' });
    expect(forced.status).toBe(503);
    expect(((await forced.json()) as { error: { code: number } }).error.code).toBe(503);
  });
});

describe('stream body (in-process)', () => {
  it('random chunking cuts the bytes into small chunks, inside multi-byte characters', async () => {
    const text = 'café ☕ naïve 🙂 '.repeat(30);
    const gateway = createGateway({ clock: virtualClock(), scripts: [{ reply: { type: 'text', text } }] });
    const res = await gateway.fetch('/responses', {
      method: 'POST',
      headers: jsonHeaders('sk-gw-test', { 'x-gatewaykit-chunking': 'random' }),
      body: JSON.stringify({ model: MODEL, input: 'A long walk', stream: true }),
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const chunks: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    expect(chunks.length).toBeGreaterThan(20);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThanOrEqual(64);
    // A chunk that starts with a UTF-8 continuation byte (10xxxxxx) was cut inside a character.
    const cutInside = chunks.slice(1).filter((c) => ((c[0] as number) & 0xc0) === 0x80);
    expect(cutInside.length).toBeGreaterThan(0);
    // A chunk boundary inside a line: some chunk does not end with a newline.
    expect(chunks.slice(0, -1).some((c) => c[c.length - 1] !== 0x0a)).toBe(true);
    const parsed = await readStream(new Response(new Blob(chunks as BlobPart[]).stream()));
    expect(
      eventsOf(parsed)
        .filter((e) => e.type === 'response.output_text.delta')
        .map((e) => e.delta)
        .join(''),
    ).toBe(text);
  });

  it('cancelling the body releases it (no timers left on the clock)', async () => {
    const clock = virtualClock();
    const gateway = createGateway({ clock });
    const res = await gateway.fetch('/responses', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ model: MODEL, input: 'Hi', stream: true }),
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await reader.cancel();
    expect(clock.pendingTimers()).toBe(0);
  });
});
