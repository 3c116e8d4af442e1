import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { MessagesErrorBodySchema, MessagesResultSchema, MessagesStreamEventSchema } from '../src/schemas/messages-result.ts';
import { startTarget, TARGET_KINDS, type Target } from './targets.ts';

const MODEL = 'anthropic/claude-sonnet-4.5';
const WEATHER_TOOL = {
  name: 'get_weather',
  description: 'Current weather',
  input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

/** Anthropic clients' headers: the key as x-api-key, and the API version. */
const anthropicHeaders = (extra: Record<string, string> = {}) => ({
  'x-api-key': 'sk-gw-test',
  'anthropic-version': '2023-06-01',
  'content-type': 'application/json',
  ...extra,
});

interface Sse {
  events: Array<{ event: string | undefined; data: Record<string, any> }>;
  raw: string;
}

/** A whole SSE body, parsed as it arrives (eventsource-parser). */
async function readSse(res: Response): Promise<Sse> {
  const events: Sse['events'] = [];
  const parser = createParser({ onEvent: (e) => events.push({ event: e.event, data: JSON.parse(e.data) }) });
  const raw = await res.text();
  parser.feed(raw);
  return { events, raw };
}

/** The content blocks a client assembles from the stream. */
function assemble(events: Sse['events']) {
  const blocks: Array<Record<string, any>> = [];
  const json: string[] = [];
  for (const { data: e } of events) {
    if (e.type === 'content_block_start') [blocks[e.index], json[e.index]] = [{ ...e.content_block }, ''];
    else if (e.type === 'content_block_delta') {
      const b = blocks[e.index] as Record<string, any>;
      if (e.delta.type === 'text_delta') b.text += e.delta.text;
      else if (e.delta.type === 'thinking_delta') b.thinking += e.delta.thinking;
      else if (e.delta.type === 'signature_delta') b.signature = e.delta.signature;
      else if (e.delta.type === 'input_json_delta') json[e.index] += e.delta.partial_json;
    } else if (e.type === 'content_block_stop' && blocks[e.index]?.type === 'tool_use')
      (blocks[e.index] as Record<string, any>).input = JSON.parse(json[e.index] || '{}');
  }
  return blocks;
}

describe.each(TARGET_KINDS)('POST /messages (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), seed: 5 });
  });
  afterAll(() => target.close());

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    target.fetch('/messages', { method: 'POST', headers: anthropicHeaders(headers), body: JSON.stringify(body) });
  const ask = (extra: Record<string, unknown> = {}) => ({
    model: MODEL,
    max_tokens: 1024,
    messages: [{ role: 'user', content: 'Tell me about tea.' }],
    ...extra,
  });

  it('answers the reference MessagesResult with text, end_turn, usage with cost, and the generation id as request-id', async () => {
    const res = await post(ask());
    expect(res.status).toBe(200);
    const body = MessagesResultSchema.parse(await res.json());
    expect(body.id).toMatch(/^msg_[0-9A-Za-z]{32}$/);
    expect(body.model).toBe(MODEL);
    expect(body.stop_reason).toBe('end_turn');
    expect(body.content).toHaveLength(1);
    expect(body.content[0]?.type).toBe('text');
    expect(body.usage.input_tokens).toBeGreaterThan(0);
    expect(body.usage.cost).toBeGreaterThan(0);
    expect(res.headers.get('request-id')).toBe(res.headers.get('x-generation-id'));
  });

  it('lets a browser send x-api-key and read request-id (CORS)', async () => {
    const preflight = await target.fetch('/messages', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://app.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-api-key, anthropic-version, content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-api-key');
    const res = await post(ask(), { origin: 'http://app.test' });
    expect(res.headers.get('access-control-expose-headers')).toContain('request-id');
  });

  it('accepts Authorization: Bearer too', async () => {
    const res = await target.fetch('/messages', {
      method: 'POST',
      headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
      body: JSON.stringify(ask()),
    });
    expect(res.status).toBe(200);
  });

  it('streams the Anthropic grammar; the deltas join to the JSON answer of the same request', async () => {
    const request = ask({
      thinking: { type: 'enabled', budget_tokens: 1024 },
      max_tokens: 4000,
      tools: [WEATHER_TOOL],
      messages: [{ role: 'user', content: 'What is the weather in Oslo?' }],
    });
    const json = MessagesResultSchema.parse(await (await post(request)).json());
    const res = await post({ ...request, stream: true });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const { events, raw } = await readSse(res);
    expect(raw.startsWith(': ')).toBe(true); // a comment keep-alive first
    expect(raw).not.toContain('[DONE]');
    for (const { event, data } of events) {
      expect(event).toBe(data.type);
      expect(MessagesStreamEventSchema.safeParse(data).success, JSON.stringify(data)).toBe(true);
    }
    const types = events.map((e) => e.data.type);
    expect(types.slice(0, 2)).toEqual(['message_start', 'ping']);
    expect(types.slice(-2)).toEqual(['message_delta', 'message_stop']);
    const blocks = assemble(events);
    expect(blocks.map((b) => b.type)).toEqual(['thinking', 'tool_use']);
    expect(blocks[1]?.input).toEqual({ city: 'Oslo' });
    // Same request, same content (ids and signatures are fresh per answer).
    const strip = (b: Record<string, any>) => ({ ...b, id: undefined, signature: undefined });
    expect(blocks.map(strip)).toEqual(json.content.map(strip));
    const delta = events.at(-2)?.data as { delta: { stop_reason: string }; usage: { output_tokens: number } };
    expect(delta.delta.stop_reason).toBe('tool_use');
    expect(delta.usage.output_tokens).toBe(json.usage.output_tokens);
  });

  it('closes the tool loop: a tool_result turn gets a text answer that uses it', async () => {
    const first = MessagesResultSchema.parse(
      await (await post(ask({ tools: [WEATHER_TOOL], messages: [{ role: 'user', content: 'What is the weather in Rome?' }] }))).json(),
    );
    const use = first.content.find((b) => b.type === 'tool_use') as { id: string; name: string; input: unknown };
    expect(use).toBeDefined();
    const second = await post(
      ask({
        tools: [WEATHER_TOOL],
        messages: [
          { role: 'user', content: 'What is the weather in Rome?' },
          { role: 'assistant', content: first.content },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, content: '24 C and sunny' }] },
        ],
      }),
    );
    const body = MessagesResultSchema.parse(await second.json());
    expect(body.stop_reason).toBe('end_turn');
    expect(body.content.map((b) => b.type)).toEqual(['text']);
  });

  it('stops at a stop sequence: stop_reason stop_sequence, the sequence named, the text before it, fewer tokens billed', async () => {
    const full = MessagesResultSchema.parse(await (await post(ask())).json());
    const text = (full.content[0] as { text: string }).text;
    const word = text.split(' ')[3] as string;
    const cut = MessagesResultSchema.parse(await (await post(ask({ stop_sequences: [` ${word}`] }))).json());
    expect(cut.stop_reason).toBe('stop_sequence');
    expect(cut.stop_sequence).toBe(` ${word}`);
    expect((cut.content[0] as { text: string }).text).toBe(text.slice(0, text.indexOf(` ${word}`)));
    expect(cut.usage.output_tokens).toBeLessThan(full.usage.output_tokens);
    expect(cut.usage.cost as number).toBeLessThan(full.usage.cost as number);
    // Streamed, the same cut.
    const { events } = await readSse(await post(ask({ stop_sequences: [` ${word}`], stream: true })));
    expect(assemble(events)).toEqual(cut.content);
    expect(events.at(-2)?.data.delta).toMatchObject({ stop_reason: 'stop_sequence', stop_sequence: ` ${word}` });
  });

  it('reports max_tokens when the budget cuts the reply', async () => {
    const body = MessagesResultSchema.parse(await (await post(ask({ max_tokens: 3 }))).json());
    expect(body.stop_reason).toBe('max_tokens');
    expect(body.usage.output_tokens).toBeLessThanOrEqual(3);
  });

  it("accepts a request without max_tokens (reference MessagesRequest requires only model and messages): no budget beyond the model's own", async () => {
    const res = await post(ask({ max_tokens: undefined }));
    expect(res.status).toBe(200);
    const body = MessagesResultSchema.parse(await res.json());
    expect(body.stop_reason).toBe('end_turn');
    expect(body.usage.output_tokens).toBeGreaterThan(0);
  });

  it.each([
    ['no key', { 'x-api-key': '' }, {}, 401, 'authentication_error'],
    ['a bad key', { 'x-api-key': 'sk-nope' }, {}, 401, 'authentication_error'],
    ['max_tokens of 0', {}, { max_tokens: 0 }, 400, 'invalid_request_error'],
    ['a thinking budget above max_tokens', {}, { thinking: { type: 'enabled', budget_tokens: 2048 } }, 400, 'invalid_request_error'],
    ['an unknown model', {}, { model: 'nobody/nothing' }, 400, 'invalid_request_error'],
    ['a forced 529', { 'x-gatewaykit-fault': '529' }, {}, 529, 'overloaded_error'],
    ['a forced 429', { 'x-gatewaykit-fault': '429' }, {}, 429, 'rate_limit_error'],
    ['a forced 500', { 'x-gatewaykit-fault': '500' }, {}, 500, 'api_error'],
  ])('answers %s in the AnthropicMessagesErrorResponse shape', async (_name, headers, body, status, type) => {
    const res = await post(ask(body), headers as Record<string, string>);
    expect(res.status).toBe(status);
    const error = MessagesErrorBodySchema.parse(await res.json());
    expect(error.error.type).toBe(type);
    expect(error.request_id).toBe(res.headers.get('x-generation-id'));
    expect(res.headers.get('request-id')).toBe(error.request_id);
  });

  it.each([
    ['not JSON', '{"model":'],
    ['a JSON array', '[1,2]'],
    ['a string', '"hello"'],
    ['null', 'null'],
  ])('answers %s with a clear 400, never a crash', async (_name, raw) => {
    const res = await target.fetch('/messages', { method: 'POST', headers: anthropicHeaders(), body: raw });
    expect(res.status).toBe(400);
    const error = MessagesErrorBodySchema.parse(await res.json());
    expect(error.error.type).toBe('invalid_request_error');
    expect(error.error.message.length).toBeGreaterThan(5);
  });

  it('a stream-error fault fails in-stream with event: error after the 200', async () => {
    const res = await post(ask({ stream: true }), { 'x-gatewaykit-fault': 'stream-error' });
    expect(res.status).toBe(200);
    const { events } = await readSse(res);
    expect(events.at(-1)).toEqual({ event: 'error', data: { type: 'error', error: { type: 'api_error', message: expect.stringContaining('stream-error') } } });
    expect(events.some((e) => e.data.type === 'message_stop')).toBe(false);
  });

  it('a stream-cut fault ends the stream before message_stop', async () => {
    const res = await post(ask({ stream: true }), { 'x-gatewaykit-fault': 'stream-cut' });
    expect(res.status).toBe(200);
    const raw = await res.text();
    expect(raw).toContain('event: message_start');
    expect(raw).not.toContain('event: message_stop');
  });

  it('gives routing metadata when asked: on the result, on message_stop, on errors', async () => {
    const headers = { 'x-gateway-metadata': 'enabled' };
    const json = (await (await post(ask(), headers)).json()) as { gateway_metadata?: { strategy?: string } };
    expect(json.gateway_metadata?.strategy).toBe('direct');
    const { events } = await readSse(await post(ask({ stream: true }), headers));
    expect(events.at(-1)?.data.gateway_metadata).toBeDefined();
    const error = (await (await post(ask({ model: 'nobody/nothing' }), headers)).json()) as { gateway_metadata?: unknown };
    expect(error.gateway_metadata).toBeDefined();
    expect((await (await post(ask())).json()) as object).not.toHaveProperty('gateway_metadata');
  });

  it('a script matching the last user text answers on this surface too', async () => {
    target.gateway.script({ id: 'greet', match: { input: 'ping me' }, reply: { type: 'text', text: 'pong from the script' }, times: 1 });
    const body = MessagesResultSchema.parse(await (await post(ask({ messages: [{ role: 'user', content: 'ping me' }] }))).json());
    expect(body.content).toEqual([{ type: 'text', text: 'pong from the script', citations: [] }]);
  });

  it('the journal records the exchange: operation, model, masked key, and a stream as its events', async () => {
    await (await post(ask({ stream: true, messages: [{ role: 'user', content: 'journal me' }] }))).text();
    const entry = target.gateway.control.requests().at(-1);
    expect(entry).toMatchObject({ method: 'POST', operation: 'messages.create', status: 200, model: MODEL });
    expect(entry?.headers['x-api-key']).not.toBe('sk-gw-test');
    expect(entry?.response.events?.map((e) => e.data).join('')).toContain('event: message_stop\n');
  });
});
