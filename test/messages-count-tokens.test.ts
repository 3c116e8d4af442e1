import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../src/adapter/node/create-server.ts';
import { MessagesErrorBodySchema } from '../src/schemas/messages-result.ts';

/**
 * `POST /messages/count_tokens` (issue 41 item 2) through the Anthropic SDK at its default
 * settings (`client.messages.countTokens`), over a real port: the count is the `usage.input_tokens`
 * that `/messages` bills for the same request, and errors come in Anthropic's shape.
 */
let running: RunningServer;
let client: Anthropic;
beforeAll(async () => {
  running = await startServer({ port: 0, catalog: 'small' });
  client = new Anthropic({ baseURL: running.baseUrl.replace(/\/v1$/, ''), apiKey: 'sk-gw-test' });
});
afterAll(() => running.close());

const MODEL = 'anthropic/claude-sonnet-4.5';
const conversations: Anthropic.MessageCountTokensParams[] = [
  { model: MODEL, messages: [{ role: 'user', content: 'Hello there' }] },
  {
    model: MODEL,
    system: 'You are terse.',
    messages: [
      { role: 'user', content: 'Summarise the French revolution in one line.' },
      { role: 'assistant', content: 'Kings out, republic in.' },
      { role: 'user', content: 'And the Terror?' },
    ],
  },
  {
    model: MODEL,
    tools: [{ name: 'get_weather', description: 'Current weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }],
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] }],
  },
];

describe('client.messages.countTokens', () => {
  test.each(conversations.map((c, i) => [i, c] as const))('conversation %i: the count /messages bills', async (_i, params) => {
    const counted = await client.messages.countTokens(params);
    expect(Object.keys(counted)).toEqual(['input_tokens']);
    expect(counted.input_tokens).toBeGreaterThan(0);
    const message = await client.messages.create({ ...params, max_tokens: 64 } as Anthropic.MessageCreateParamsNonStreaming);
    expect(counted.input_tokens).toBe(message.usage.input_tokens);
  });

  test('a longer conversation counts more', async () => {
    const [short, long] = await Promise.all([client.messages.countTokens(conversations[0]!), client.messages.countTokens(conversations[1]!)]);
    expect(long.input_tokens).toBeGreaterThan(short.input_tokens);
  });

  test('errors in the Anthropic shape: an unknown model (with the closest ids), a bad body, a bad key', async () => {
    const unknown = await client.messages.countTokens({ model: 'claude-sonnet-4.5', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(Anthropic.BadRequestError);
    expect((unknown as InstanceType<typeof Anthropic.BadRequestError>).error).toMatchObject({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: `model: "claude-sonnet-4.5" is not a valid model ID; did you mean "${MODEL}"? (GET /models lists them all)`,
      },
    });
    const bad = await fetch(`${running.baseUrl}/messages/count_tokens`, {
      method: 'POST',
      headers: { 'x-api-key': 'sk-gw-test', 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL }),
    });
    expect(bad.status).toBe(400);
    const badBody = MessagesErrorBodySchema.parse(await bad.json());
    expect(badBody.error.type).toBe('invalid_request_error');
    expect(badBody.error.message).toMatch(/^messages: /);
    expect(bad.headers.get('request-id')).toBe(badBody.request_id);
    const refused = await new Anthropic({ baseURL: client.baseURL, apiKey: 'sk-wrong' }).messages.countTokens(conversations[0]!).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Anthropic.AuthenticationError);
  });

  test('it is free: the no-credits key may count', async () => {
    const free = new Anthropic({ baseURL: client.baseURL, apiKey: 'sk-gw-no-credits' });
    expect((await free.messages.countTokens(conversations[0]!)).input_tokens).toBeGreaterThan(0);
  });
});
