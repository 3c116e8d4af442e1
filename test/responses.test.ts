import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { ResponsesResultSchema } from '../src/schemas/responses-result.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';

const MODEL = 'openai/gpt-4o-mini';
const REASONING_MODEL = 'openai/gpt-5-mini';

type Result = z.infer<typeof ResponsesResultSchema> & { output: Array<Record<string, any>>; usage: Record<string, any>; gateway_metadata?: unknown };

describe.each(TARGET_KINDS)('POST /responses (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), seed: 7 });
  });
  afterAll(() => target.close());

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    target.fetch('/responses', { method: 'POST', headers: jsonHeaders('sk-gw-test', headers), body: JSON.stringify(body) });
  const create = async (body: unknown, headers: Record<string, string> = {}) => {
    const res = await post(body, headers);
    expect(res.status, await res.clone().text()).toBe(200);
    return { res, result: (await res.json()) as Result };
  };
  const textOf = (result: Result) =>
    result.output
      .filter((i) => i.type === 'message')
      .flatMap((i) => (i.content as Array<{ text?: string }>).map((p) => p.text ?? ''))
      .join('');

  it('answers the smallest request with a spec 2.2 result', async () => {
    const { res, result } = await create({ model: MODEL, input: 'How should I water basil in summer?' });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-generation-id')).toMatch(/^gen-\d+-[0-9A-Za-z]{20}$/);
    expect(ResponsesResultSchema.safeParse(result).success).toBe(true);
    expect(result).toMatchObject({
      object: 'response',
      status: 'completed',
      model: MODEL,
      error: null,
      incomplete_details: null,
      tool_choice: 'auto',
      tools: [],
      parallel_tool_calls: true,
      service_tier: 'auto',
      instructions: null,
      max_output_tokens: null,
      metadata: null,
    });
    expect(result.id).toMatch(/^resp_[0-9A-Za-z]+$/);
    expect(result.created_at).toBe(Math.floor(target.gateway.clock.now() / 1000));
    expect(result.completed_at).toBe(result.created_at);
    expect('gateway_metadata' in result).toBe(false);
    const message = result.output[0];
    expect(message).toMatchObject({ type: 'message', role: 'assistant', status: 'completed' });
    expect(message?.content[0]).toMatchObject({ type: 'output_text', annotations: [] });
    expect(textOf(result).length).toBeGreaterThan(20);
    const u = result.usage;
    expect(u.total_tokens).toBe(u.input_tokens + u.output_tokens);
    expect(u.input_tokens_details.cached_tokens).toBe(0);
    expect(u.output_tokens_details.reasoning_tokens).toBe(0);
  });

  it('echoes the request settings', async () => {
    const settings = {
      instructions: 'Be brief.',
      max_output_tokens: 500,
      metadata: { run: 'a1' },
      frequency_penalty: 0.5,
      presence_penalty: -0.5,
      temperature: 0.2,
      top_p: 0.9,
      parallel_tool_calls: false,
      tool_choice: 'none',
      text: { format: { type: 'text' } },
      service_tier: 'flex',
    };
    const { result } = await create({ model: MODEL, input: 'Hello', ...settings });
    expect(result).toMatchObject(settings);
  });

  it('every answer gets a fresh id and X-Generation-Id; the same requests in the same order after a reset give the same bytes; the text depends only on the request', async () => {
    const reset = async () => {
      const res = await target.fetch('/__gatewaykit/reset', { method: 'POST', headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(200);
    };
    const body = { model: MODEL, input: 'Tell me about lighthouses.' };
    await reset();
    const a = await post(body);
    const b = await post(body);
    const failed = await post(body, { 'x-gatewaykit-fault': '503' });
    const limited = await post(body, { 'x-gatewaykit-fault': '429' });
    const aText = await a.text();
    const first = JSON.parse(aText) as Result;
    const second = (await b.json()) as Result;
    expect(second.id).not.toBe(first.id);
    expect(second.output[0]?.id).not.toBe(first.output[0]?.id);
    expect(textOf(second)).toBe(textOf(first));
    const genIds = [a, b, failed, limited].map((r) => r.headers.get('x-generation-id'));
    expect(new Set(genIds).size).toBe(4);

    await reset();
    const replay = [await post(body), await post(body), await post(body, { 'x-gatewaykit-fault': '503' }), await post(body, { 'x-gatewaykit-fault': '429' })];
    expect(await replay[0]!.text()).toBe(aText);
    expect(replay.map((r) => r.headers.get('x-generation-id'))).toEqual(genIds);

    const other = (await (await post({ ...body, input: 'Tell me about volcanoes.' })).json()) as Result;
    expect(textOf(other)).not.toBe(textOf(first));

    await target.gateway.control.advanceClock(5000);
    const later = (await (await post(body)).json()) as Result;
    expect(later.id).not.toBe(first.id);
    expect(textOf(later)).toBe(textOf(first));
    await reset();
  });

  it('max_output_tokens cuts the reply: status incomplete, reason max_output_tokens, output tokens within budget', async () => {
    const full = (await create({ model: MODEL, input: 'Explain how tides work, please.' })).result;
    const { result } = await create({ model: MODEL, input: 'Explain how tides work, please.', max_output_tokens: 5 });
    expect(result.status).toBe('incomplete');
    expect(result.incomplete_details).toEqual({ reason: 'max_output_tokens' });
    expect(result.usage.output_tokens).toBeLessThanOrEqual(5);
    expect(result.output[0]?.status).toBe('incomplete');
    expect(textOf(full).startsWith(textOf(result))).toBe(true);
    expect(textOf(result).length).toBeLessThan(textOf(full).length);
  });

  it('prompt caching hints write the conversation prefix, and a repeat reads it', async () => {
    const input = [
      { role: 'user', content: 'Plan a three-day trip to Lisbon with museums and food.' },
      { role: 'assistant', content: 'Day one: Belém. Day two: Alfama. Day three: LX Factory.' },
      { role: 'user', content: 'Add a day trip.' },
    ];
    const plain = (await create({ model: MODEL, input })).result.usage;
    const written = (await create({ model: MODEL, input, prompt_cache_key: 'trip-42' })).result.usage;
    const cached = (await create({ model: MODEL, input, prompt_cache_key: 'trip-42' })).result.usage;
    expect(plain.input_tokens_details).toEqual({ cached_tokens: 0, cache_write_tokens: 0 });
    expect(written.input_tokens_details.cached_tokens).toBe(0);
    expect(written.input_tokens_details.cache_write_tokens).toBeGreaterThan(0);
    expect(cached.input_tokens).toBe(plain.input_tokens);
    expect(cached.input_tokens_details.cached_tokens).toBe(written.input_tokens_details.cache_write_tokens);
    expect(cached.input_tokens_details.cached_tokens).toBeGreaterThan(0);
    expect(cached.input_tokens_details.cached_tokens).toBeLessThan(cached.input_tokens);
  });

  describe('function tools', () => {
    const weather = {
      type: 'function',
      name: 'get_weather',
      description: 'Current weather for a city',
      parameters: {
        type: 'object',
        properties: {
          city: { type: 'string', minLength: 2 },
          unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
          days: { type: 'integer', minimum: 1, maximum: 7 },
        },
        required: ['city', 'unit'],
        additionalProperties: false,
      },
    };
    const clock = {
      type: 'function',
      name: 'current_time',
      description: 'The time now',
      parameters: { type: 'object', properties: { tz: { type: 'string' } }, required: ['tz'] },
    };

    it('auto calls the tool the user mentions, with arguments valid for its schema', async () => {
      const { result } = await create({ model: MODEL, input: 'What is the weather in Porto?', tools: [weather, clock] });
      expect(result.output).toHaveLength(1);
      const call = result.output[0] as { type: string; name: string; arguments: string; call_id: string; id: string; status: string };
      expect(call).toMatchObject({ type: 'function_call', name: 'get_weather', status: 'completed' });
      expect(call.call_id).toMatch(/^call_/);
      expect(z.fromJSONSchema(weather.parameters as never).safeParse(JSON.parse(call.arguments)).success).toBe(true);
      expect(result.usage.output_tokens).toBeGreaterThan(0);
    });

    it('auto answers in text when no tool is mentioned, and after a tool output', async () => {
      expect((await create({ model: MODEL, input: 'Hello there!', tools: [weather] })).result.output[0]?.type).toBe('message');
      const { result } = await create({
        model: MODEL,
        tools: [weather],
        input: [
          { role: 'user', content: 'What is the weather in Porto?' },
          { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Porto","unit":"celsius"}' },
          { type: 'function_call_output', call_id: 'call_1', output: '{"temperature":21,"sky":"clear"}' },
        ],
      });
      expect(result.output[0]?.type).toBe('message');
      expect(textOf(result)).toContain('get_weather');
      expect(textOf(result)).toContain('"temperature":21');
    });

    it('required always calls; a named function is called; none gives text', async () => {
      const required = (await create({ model: MODEL, input: 'Hello', tools: [weather], tool_choice: 'required' })).result;
      expect(required.output[0]).toMatchObject({ type: 'function_call', name: 'get_weather' });
      const named = (await create({ model: MODEL, input: 'weather please', tools: [weather, clock], tool_choice: { type: 'function', name: 'current_time' } }))
        .result;
      expect(named.output.map((i) => i.name)).toEqual(['current_time']);
      expect(named.tool_choice).toEqual({ type: 'function', name: 'current_time' });
      const none = (await create({ model: MODEL, input: 'What is the weather?', tools: [weather], tool_choice: 'none' })).result;
      expect(none.output[0]?.type).toBe('message');
    });

    it('calls every mentioned tool in parallel unless parallel_tool_calls is false', async () => {
      const input = 'Weather in Oslo and the current time there?';
      const parallel = (await create({ model: MODEL, input, tools: [weather, clock] })).result;
      expect(parallel.output.map((i) => i.name)).toEqual(['get_weather', 'current_time']);
      const single = (await create({ model: MODEL, input, tools: [weather, clock], parallel_tool_calls: false })).result;
      expect(single.output.map((i) => i.name)).toEqual(['get_weather']);
    });
  });

  it('a reasoning model asked to reason returns a reasoning item first, with reasoning tokens', async () => {
    const { result } = await create({ model: REASONING_MODEL, input: 'Why is the sky blue?', reasoning: { effort: 'high', summary: 'auto' } });
    const [reasoning, message] = result.output;
    expect(reasoning).toMatchObject({ type: 'reasoning', status: 'completed', format: 'openai-responses-v1' });
    expect(reasoning?.id).toMatch(/^rs_/);
    expect(typeof reasoning?.signature).toBe('string');
    expect(reasoning?.content[0]).toMatchObject({ type: 'reasoning_text' });
    expect(reasoning?.content[0].text.length).toBeGreaterThan(10);
    expect(reasoning?.summary[0]).toMatchObject({ type: 'summary_text' });
    expect(message?.type).toBe('message');
    const u = result.usage;
    expect(u.output_tokens_details.reasoning_tokens).toBeGreaterThan(0);
    expect(u.output_tokens_details.reasoning_tokens).toBeLessThan(u.output_tokens);
    // Switched off, or a model without reasoning: no reasoning item (reasoning models reason by default).
    expect((await create({ model: REASONING_MODEL, input: 'Why is the sky blue?', reasoning: { enabled: false } })).result.output[0]?.type).toBe('message');
    expect((await create({ model: MODEL, input: 'Why is the sky blue?', reasoning: { effort: 'high' } })).result.output[0]?.type).toBe('message');
  });

  it('gateway_metadata only when the metadata header is enabled (either name, any case)', async () => {
    const body = { model: MODEL, input: 'Hi' };
    expect('gateway_metadata' in (await create(body)).result).toBe(false);
    expect('gateway_metadata' in (await create(body, { 'X-Gateway-Metadata': 'disabled' })).result).toBe(false);
    const variants: Array<Record<string, string>> = [
      { 'X-Gateway-Metadata': 'enabled' },
      { 'x-gateway-metadata': 'ENABLED' },
      { 'X-Gateway-Experimental-Metadata': 'Enabled' },
    ];
    for (const headers of variants) {
      const { result } = await create(body, headers);
      expect(result.gateway_metadata).toMatchObject({ requested: MODEL });
    }
  });

  it('failures before generation are JSON errors with their status', async () => {
    const unknown = await post({ model: 'nobody/nothing', input: 'Hi' });
    expect([400, 404]).toContain(unknown.status);
    expect(((await unknown.json()) as { error: { code: number } }).error.code).toBe(unknown.status);
    const badTool = await post({ model: MODEL, input: 'Hi', tools: [], tool_choice: { type: 'function', name: 'missing' } });
    expect([400, 422]).toContain(badTool.status);
    const faultWithoutStream = await post({ model: MODEL, input: 'Hi' }, { 'X-Gatewaykit-Fault': 'stream-error' });
    expect(faultWithoutStream.status).toBe(400);
    expect(((await faultWithoutStream.json()) as { error: { message: string } }).error.message).toMatch(/stream/);
  });
});
