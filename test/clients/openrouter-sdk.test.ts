import { OpenRouter } from '@openrouter/sdk';
import { HTTPClient } from '@openrouter/sdk';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGateway, virtualClock, type Gateway } from 'gatewaykit';
import { startServer } from 'gatewaykit/node';

/**
 * The official OpenRouter SDK (`@openrouter/sdk`) at its default settings, but for `serverURL` and
 * `apiKey`, calls every operation it offers that the simulator serves. The SDK validates each
 * answer against its own schemas (a `ResponseValidationError` otherwise), so a call that returns
 * is a shape the SDK accepts. Three ways in: msw in-process (the SDK's global fetch intercepted),
 * the gateway's own `fetch` as the SDK's fetcher, and a real port.
 */
const CHAT_MODEL = 'openai/gpt-4o-mini';
const EMBEDDING_MODEL = 'openai/text-embedding-3-small';
const VIDEO_MODEL = 'openai/sora-2';
const KEY = 'sk-gw-test';
const MANAGEMENT_KEY = 'sk-gw-management';
const WEATHER = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'Weather in a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};

type Mode = 'msw' | 'gateway.fetch' | 'http';

/** The SDK types `send` as JSON or a stream; these say which one a call asked for. */
function asJson<T>(answer: T): Exclude<T, AsyncIterable<unknown>> {
  expect(typeof answer === 'object' && answer !== null && Symbol.asyncIterator in answer).toBe(false);
  return answer as Exclude<T, AsyncIterable<unknown>>;
}
async function collect<T>(answer: T): Promise<Array<T extends AsyncIterable<infer E> ? E : never>> {
  const events: Array<T extends AsyncIterable<infer E> ? E : never> = [];
  for await (const event of answer as AsyncIterable<T extends AsyncIterable<infer E> ? E : never>) events.push(event);
  return events;
}

interface Running {
  gateway: Gateway;
  client(apiKey?: string): OpenRouter;
  close(): Promise<void>;
}

async function start(mode: Mode): Promise<Running> {
  if (mode === 'http') {
    const server = await startServer({ port: 0, clock: virtualClock() });
    return { gateway: server.gateway, client: (apiKey = KEY) => new OpenRouter({ serverURL: server.baseUrl, apiKey }), close: () => server.close() };
  }
  const gateway = createGateway({ baseUrl: 'http://openrouter-sdk.test/api/v1', clock: virtualClock() });
  if (mode === 'gateway.fetch') {
    const httpClient = new HTTPClient({ fetcher: (input, init) => gateway.fetch(input instanceof URL ? input.href : input, init) });
    return { gateway, client: (apiKey = KEY) => new OpenRouter({ serverURL: gateway.baseUrl, apiKey, httpClient }), close: async () => {} };
  }
  const server = setupServer(...gateway.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  return { gateway, client: (apiKey = KEY) => new OpenRouter({ serverURL: gateway.baseUrl, apiKey }), close: async () => server.close() };
}

describe.each<Mode>(['msw', 'gateway.fetch', 'http'])('@openrouter/sdk against the simulator (%s)', (mode) => {
  let running: Running;
  let sdk: OpenRouter;
  beforeAll(async () => {
    running = await start(mode);
    sdk = running.client();
  });
  afterAll(() => running.close());

  test('chat.send: JSON, with usage and the reference CostDetails', async () => {
    const result = asJson(await sdk.chat.send({ chatRequest: { model: CHAT_MODEL, messages: [{ role: 'user', content: 'Tell me about tea.' }] } }));
    expect(result.object).toBe('chat.completion');
    expect(result.choices[0]!.message.content).toEqual(expect.any(String));
    expect(result.usage!.totalTokens).toBe(result.usage!.promptTokens + result.usage!.completionTokens);
    expect(result.usage!.costDetails!.upstreamInferencePromptCost).toEqual(expect.any(Number));
  });

  test('chat.send: a stream joins to the JSON content and ends with the usage chunk', async () => {
    const request = { model: CHAT_MODEL, messages: [{ role: 'user' as const, content: 'Tell me about rivers.' }] };
    const json = asJson(await sdk.chat.send({ chatRequest: request }));
    const chunks = await collect(await sdk.chat.send({ chatRequest: { ...request, stream: true } }));
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe(json.choices[0]!.message.content);
    expect(chunks.at(-1)!.usage!.totalTokens).toBe(json.usage!.totalTokens);
  });

  test('chat.send: tools, answered with a tool call', async () => {
    const result = asJson(
      await sdk.chat.send({ chatRequest: { model: CHAT_MODEL, messages: [{ role: 'user', content: 'What is the weather in Rome?' }], tools: [WEATHER] } }),
    );
    expect(result.choices[0]!.finishReason).toBe('tool_calls');
    expect(result.choices[0]!.message.toolCalls![0]!.function.name).toBe('get_weather');
  });

  test('responses.send: JSON and a stream', async () => {
    const json = asJson(await sdk.responses.send({ responsesRequest: { model: CHAT_MODEL, input: 'Tell me about lakes.' } }));
    expect(json.status).toBe('completed');
    expect(json.usage!.totalTokens).toBeGreaterThan(0);
    const events = await collect(await sdk.responses.send({ responsesRequest: { model: CHAT_MODEL, input: 'Tell me about lakes.', stream: true } }));
    const types = events.map((event) => event.type);
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
  });

  test('embeddings.generate and embeddings.listModels', async () => {
    const result = await sdk.embeddings.generate({ requestBody: { model: EMBEDDING_MODEL, input: 'first text', encodingFormat: 'float' } });
    expect(typeof result === 'object' && result !== null && 'data' in result).toBe(true);
    const page = await sdk.embeddings.listModels();
    expect(page.result.data.map((m) => m.id)).toContain(EMBEDDING_MODEL);
    expect(page.result.totalCount).toBe(page.result.data.length);
  });

  // models.count, providers.list and the dataset reads: openrouter-sdk-catalogue.test.ts.
  test('models.list and endpoints.list', async () => {
    const page = await sdk.models.list();
    expect(page.result.data.map((m) => m.id)).toContain(CHAT_MODEL);
    const [author, slug] = CHAT_MODEL.split('/') as [string, string];
    const endpoints = await sdk.endpoints.list({ author, slug });
    expect(endpoints.data.endpoints.length).toBeGreaterThan(0);
    expect(endpoints.data.endpoints[0]!.supportsToolChoice).toEqual({ auto: true, function: true, none: true, required: true });
  });

  test('apiKeys.getCurrentKeyMetadata, credits.getCredits and generations.getGeneration', async () => {
    const answer = asJson(await sdk.chat.send({ chatRequest: { model: CHAT_MODEL, messages: [{ role: 'user', content: 'Hi' }] } }));
    const key = await sdk.apiKeys.getCurrentKeyMetadata();
    expect(key.data.usage).toBeGreaterThan(0);
    expect(key.data.allowedDataRegions).toEqual(['global']);
    const credits = await running.client(MANAGEMENT_KEY).credits.getCredits();
    expect(credits.data.totalUsage).toBeGreaterThan(0);
    const generation = await sdk.generations.getGeneration({ id: answer.id });
    expect(generation.data.id).toBe(answer.id);
    expect(generation.data.model).toBe(CHAT_MODEL);
  });

  test('videoGeneration: listVideosModels, generate and getGeneration', async () => {
    const models = await sdk.videoGeneration.listVideosModels();
    expect(models.data.map((m) => m.id)).toContain(VIDEO_MODEL);
    const job = await sdk.videoGeneration.generate({ videoGenerationRequest: { model: VIDEO_MODEL, prompt: 'A cat on a windowsill' } });
    const polled = await sdk.videoGeneration.getGeneration({ jobId: job.id });
    expect(polled.id).toBe(job.id);
  });
});
