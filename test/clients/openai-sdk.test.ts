import OpenAI from 'openai';
import type { ResponseInputItem, ResponseStreamEvent } from 'openai/resources/responses/responses';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTarget, TARGET_KINDS, type Target } from '../targets.ts';

/**
 * The official `openai` package (6.x), unchanged but for `baseURL` and `apiKey`, against the
 * simulator in-process (msw intercepts the SDK's fetch) and over a real port.
 */
const MODEL = 'openai/gpt-4o-mini';

const WEATHER_TOOL = {
  type: 'function' as const,
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
  strict: true,
};

describe.each(TARGET_KINDS)('openai SDK against the simulator (%s)', (kind) => {
  let target: Target;
  let client: OpenAI;
  beforeAll(async () => {
    target = await startTarget(kind);
    // maxRetries 0: a forced 429 must surface, not be retried after its Retry-After.
    client = new OpenAI({ baseURL: target.baseUrl, apiKey: 'sk-gw-test', maxRetries: 0 });
  });
  afterAll(() => target.close());

  test('responses.create returns a completed response with output_text and usage', async () => {
    const response = await client.responses.create({ model: MODEL, input: 'Write one sentence about the sea.' });
    expect(response.object).toBe('response');
    expect(response.status).toBe('completed');
    expect(response.model).toBe(MODEL);
    expect(response.output_text.length).toBeGreaterThan(0);
    expect(response.usage!.total_tokens).toBe(response.usage!.input_tokens + response.usage!.output_tokens);
  });

  test('stream: true yields the Responses event grammar and deltas that add up to the final text', async () => {
    const stream = await client.responses.create({ model: MODEL, input: 'Tell me about rivers.', stream: true });
    const events: ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('response.created');
    expect(types[1]).toBe('response.in_progress');
    expect(types.at(-1)).toBe('response.completed');
    expect(types).toContain('response.output_item.added');
    expect(types).toContain('response.content_part.added');
    expect(types).toContain('response.output_text.done');
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    const deltas = events.flatMap((e) => (e.type === 'response.output_text.delta' ? [e.delta] : []));
    expect(deltas.length).toBeGreaterThan(0);
    const completed = events.at(-1) as Extract<ResponseStreamEvent, { type: 'response.completed' }>;
    const finalText = completed.response.output
      .flatMap((item) => (item.type === 'message' ? item.content : []))
      .map((part) => (part.type === 'output_text' ? part.text : ''))
      .join('');
    expect(deltas.join('')).toBe(finalText);
    expect(completed.response.usage!.output_tokens).toBeGreaterThan(0);
  });

  test('the responses.stream helper emits output_text.delta events and resolves finalResponse()', async () => {
    const runner = client.responses.stream({ model: MODEL, input: 'Describe a mountain.' });
    const deltas: string[] = [];
    runner.on('response.output_text.delta', (event) => deltas.push(event.delta));
    const final = await runner.finalResponse();
    expect(final.status).toBe('completed');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(final.output_text);
  });

  test('function calling round trip: tool call, function_call_output back, final text', async () => {
    const input: ResponseInputItem[] = [{ role: 'user', content: 'What is the weather in Paris right now?' }];
    const first = await client.responses.create({ model: MODEL, input, tools: [WEATHER_TOOL] });
    const calls = first.output.filter((item) => item.type === 'function_call');
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.name).toBe('get_weather');
    const args = JSON.parse(call.arguments) as { city: unknown };
    expect(typeof args.city).toBe('string');
    expect(call.call_id).toBeTruthy();

    const second = await client.responses.create({
      model: MODEL,
      tools: [WEATHER_TOOL],
      input: [
        ...input,
        ...(first.output as ResponseInputItem[]),
        { type: 'function_call_output', call_id: call.call_id, output: JSON.stringify({ temperature_c: 18, sky: 'clear' }) },
      ],
    });
    expect(second.output.some((item) => item.type === 'function_call')).toBe(false);
    expect(second.output_text.length).toBeGreaterThan(0);
  });

  test('streamed function calls arrive as function_call_arguments deltas that add up to the arguments', async () => {
    const stream = await client.responses.create({ model: MODEL, input: 'Check the weather in Oslo', tools: [WEATHER_TOOL], stream: true });
    let args = '';
    let done: Extract<ResponseStreamEvent, { type: 'response.function_call_arguments.done' }> | undefined;
    for await (const event of stream) {
      if (event.type === 'response.function_call_arguments.delta') args += event.delta;
      if (event.type === 'response.function_call_arguments.done') done = event;
    }
    expect(done).toBeDefined();
    expect(done!.arguments).toBe(args);
    expect(() => JSON.parse(args)).not.toThrow();
  });

  test('documented errors map to the SDK error classes with the status and the spec 7 message', async () => {
    const bad = new OpenAI({ baseURL: target.baseUrl, apiKey: 'sk-not-a-key', maxRetries: 0 });
    const auth = await bad.responses.create({ model: MODEL, input: 'hi' }).catch((e: unknown) => e);
    expect(auth).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((auth as InstanceType<typeof OpenAI.APIError>).status).toBe(401);

    const limited = await client.responses.create({ model: MODEL, input: 'hi' }, { headers: { 'X-Gatewaykit-Fault': '429' } }).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect((limited as InstanceType<typeof OpenAI.APIError>).headers?.get('retry-after')).toMatch(/^\d+$/);

    const invalid = await client.responses.create({ model: MODEL, input: 'hi', previous_response_id: 'resp_123' }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(OpenAI.BadRequestError);
    expect((invalid as InstanceType<typeof OpenAI.APIError>).message).toMatch(/previous_response_id/);
  });

  test('a streamed answer and its non-streamed twin carry the same text (the client at its default settings)', async () => {
    // Default options (retries included), as a user writes it; merged from the former test/openai-client.test.ts.
    const plainClient = new OpenAI({ baseURL: target.baseUrl, apiKey: 'sk-gw-test' });
    const stream = await plainClient.responses.create({ model: MODEL, input: 'Give me a tip for growing tomatoes.', stream: true });
    let text = '';
    for await (const event of stream) if (event.type === 'response.output_text.delta') text += event.delta;
    const plain = await plainClient.responses.create({ model: MODEL, input: 'Give me a tip for growing tomatoes.' });
    expect(text.length).toBeGreaterThan(20);
    expect(plain.output_text).toBe(text);
  });

  test('a failure after the stream started arrives in-stream as error then response.failed', async () => {
    const stream = await client.responses.create(
      { model: MODEL, input: 'Tell me a story.', stream: true },
      { headers: { 'X-Gatewaykit-Fault': 'stream-error' } },
    );
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    expect(types).toContain('error');
    expect(types.at(-1)).toBe('response.failed');
    expect(types.indexOf('error')).toBeLessThan(types.indexOf('response.failed'));
  });
});
