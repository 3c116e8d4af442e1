import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { startTarget, TARGET_KINDS, type Target } from './targets.ts';

// Issue 2 point 9: the official client, unchanged but for baseURL and apiKey, against both targets.
describe.each(TARGET_KINDS)('openai client (%s)', (kind) => {
  let target: Target;
  let client: OpenAI;
  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock() });
    client = new OpenAI({ baseURL: target.baseUrl, apiKey: 'sk-gw-test' });
  });
  afterAll(() => target.close());

  it('responses.create returns a response with output_text and usage', async () => {
    const response = await client.responses.create({ model: 'openai/gpt-4o-mini', input: 'Give me a tip for growing tomatoes.' });
    expect(response.object).toBe('response');
    expect(response.status).toBe('completed');
    expect(response.model).toBe('openai/gpt-4o-mini');
    expect(response.output_text.length).toBeGreaterThan(20);
    expect(response.usage?.total_tokens).toBe((response.usage?.input_tokens ?? 0) + (response.usage?.output_tokens ?? 0));
    expect(response.id).toMatch(/^resp_/);
  });

  it('function calls come back as function_call items the client types', async () => {
    const response = await client.responses.create({
      model: 'openai/gpt-4o-mini',
      input: 'What is the weather in Madrid?',
      tools: [{ type: 'function', name: 'get_weather', description: 'Weather', strict: false, parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }],
    });
    const call = response.output.find((item) => item.type === 'function_call');
    expect(call?.type === 'function_call' && call.name).toBe('get_weather');
    expect(call?.type === 'function_call' && typeof JSON.parse(call.arguments).city).toBe('string');
  });

  it('stream: true yields the events; the text deltas make the completed output_text', async () => {
    const stream = await client.responses.create({ model: 'openai/gpt-4o-mini', input: 'Give me a tip for growing tomatoes.', stream: true });
    const types: string[] = [];
    let text = '';
    let completed: OpenAI.Responses.Response | undefined;
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.completed') completed = event.response;
    }
    expect(types[0]).toBe('response.created');
    expect(types).toContain('response.output_text.delta');
    expect(types.at(-1)).toBe('response.completed');
    expect(text.length).toBeGreaterThan(20);
    expect(completed?.output_text ?? (completed?.output[0] as { content: Array<{ text: string }> }).content[0]?.text).toBe(text);
    expect(completed?.usage?.output_tokens).toBeGreaterThan(0);
    const plain = await client.responses.create({ model: 'openai/gpt-4o-mini', input: 'Give me a tip for growing tomatoes.' });
    expect(plain.output_text).toBe(text);
  });

  it('a stream failed by X-Gatewaykit-Fault: stream-error ends with error and response.failed events', async () => {
    const stream = await client.responses.create(
      { model: 'openai/gpt-4o-mini', input: 'Tell me a story.', stream: true },
      { headers: { 'X-Gatewaykit-Fault': 'stream-error' } },
    );
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    expect(types.slice(-2)).toEqual(['error', 'response.failed']);
  });

  it('errors surface as the client error classes with the status', async () => {
    await expect(client.responses.create({ model: 'openai/gpt-4o-mini', input: 'Hi', temperature: 'hot' as unknown as number })).rejects.toMatchObject({
      status: 400,
    });
    await expect(new OpenAI({ baseURL: target.baseUrl, apiKey: 'sk-wrong' }).responses.create({ model: 'openai/gpt-4o-mini', input: 'Hi' })).rejects.toBeInstanceOf(
      OpenAI.AuthenticationError,
    );
  });
});
