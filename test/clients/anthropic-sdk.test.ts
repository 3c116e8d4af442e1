import Anthropic from '@anthropic-ai/sdk';
import { setupServer } from 'msw/node';
import { describe, expect, test } from 'vitest';
import { startServer } from '../../src/adapter/node/create-server.ts';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.ts';

/**
 * The official Anthropic SDK at its DEFAULT settings (retries, timeouts, `x-api-key`), changed
 * only by `baseURL` and `apiKey`, against `POST /messages` in each mode: msw intercepting global
 * fetch, `gateway.fetch` handed to the SDK, and a real port.
 */
const MODEL = 'anthropic/claude-sonnet-4.5';
const WEATHER_TOOL: Anthropic.Tool = {
  name: 'get_weather',
  description: 'Current weather for a city',
  input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

interface Mode {
  name: string;
  /** A client for a fresh gateway, and the gateway; `close` ends the mode. */
  start(): Promise<{ client: Anthropic; gateway: Gateway; close: () => Promise<void> }>;
}

const MODES: Mode[] = [
  {
    name: 'msw mode: setupServer(...gateway.handlers)',
    async start() {
      const gateway = createGateway({ baseUrl: 'http://anthropic.gateway.test/api/v1' });
      const server = setupServer(...gateway.handlers);
      server.listen({ onUnhandledRequest: 'error' });
      // The SDK appends /v1/messages to its base URL; the gateway serves /messages under its own.
      return { client: new Anthropic({ baseURL: gateway.baseUrl.replace(/\/v1$/, ''), apiKey: 'sk-gw-test' }), gateway, close: async () => server.close() };
    },
  },
  {
    name: 'through gateway.fetch (no interception)',
    async start() {
      const gateway = createGateway({ baseUrl: 'http://fetch.anthropic.gateway.test/api/v1' });
      return {
        client: new Anthropic({ baseURL: gateway.baseUrl.replace(/\/v1$/, ''), apiKey: 'sk-gw-test', fetch: gateway.fetch }),
        gateway,
        close: async () => {},
      };
    },
  },
  {
    name: 'over a port (gatewaykit serve)',
    async start() {
      const running = await startServer({ port: 0 });
      return {
        client: new Anthropic({ baseURL: running.baseUrl.replace(/\/v1$/, ''), apiKey: 'sk-gw-test' }),
        gateway: running.gateway,
        close: () => running.close(),
      };
    },
  },
];

describe.each(MODES)('Anthropic SDK, default settings: $name', (mode) => {
  test('messages.create: text, end_turn, usage', { timeout: 10_000 }, async () => {
    const { client, close } = await mode.start();
    try {
      const message = await client.messages.create({
        model: MODEL,
        max_tokens: 512,
        system: 'Be brief.',
        messages: [{ role: 'user', content: 'Tell me about tea.' }],
      });
      expect(message.type).toBe('message');
      expect(message.role).toBe('assistant');
      expect(message.stop_reason).toBe('end_turn');
      const text = message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
      expect(text.length).toBeGreaterThan(0);
      expect(message.usage.input_tokens).toBeGreaterThan(0);
      expect(message.usage.output_tokens).toBeGreaterThan(0);
      expect(message._request_id).toMatch(/^gen-/);
    } finally {
      await close();
    }
  });

  test('messages.stream with a tool round trip: tool_use streamed, tool_result sent back, text streamed', { timeout: 10_000 }, async () => {
    const { client, close } = await mode.start();
    try {
      const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'What is the weather in Lisbon?' }];
      const first = client.messages.stream({ model: MODEL, max_tokens: 1024, tools: [WEATHER_TOOL], messages });
      const jsonDeltas: string[] = [];
      first.on('inputJson', (delta) => jsonDeltas.push(delta));
      const call = await first.finalMessage();
      expect(call.stop_reason).toBe('tool_use');
      const use = call.content.find((b): b is Anthropic.ToolUseBlock => b.type === 'tool_use');
      expect(use?.name).toBe('get_weather');
      expect(use?.input).toEqual({ city: 'Lisbon' });
      expect(jsonDeltas.join('')).toBe(JSON.stringify(use?.input));

      messages.push({ role: 'assistant', content: call.content });
      messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: use?.id ?? '', content: '21 C, clear skies' }] });
      const second = client.messages.stream({ model: MODEL, max_tokens: 1024, tools: [WEATHER_TOOL], messages });
      const pieces: string[] = [];
      second.on('text', (delta) => pieces.push(delta));
      const answer = await second.finalMessage();
      expect(answer.stop_reason).toBe('end_turn');
      expect(pieces.length).toBeGreaterThan(1);
      const text = answer.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
      expect(pieces.join('')).toBe(text);
      expect(answer.usage.output_tokens).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });

  test('a scripted 529 once: the SDK retries on its own and gets the answer', { timeout: 15_000 }, async () => {
    const { client, gateway, close } = await mode.start();
    try {
      gateway.script({ id: 'one-529', match: {}, reply: { type: 'error', status: 529 }, times: 1 });
      const message = await client.messages.create({ model: MODEL, max_tokens: 256, messages: [{ role: 'user', content: 'Say hello.' }] });
      expect(message.content.length).toBeGreaterThan(0);
      expect(gateway.control.requests().map((e) => e.status)).toEqual([529, 200]);
    } finally {
      await close();
    }
  });

  test('errors reach the SDK typed: a forced 400 is a BadRequestError with the Anthropic error type and the request id', { timeout: 15_000 }, async () => {
    const { client, close } = await mode.start();
    try {
      const failing = client.messages.create(
        { model: MODEL, max_tokens: 256, messages: [{ role: 'user', content: 'Say hello.' }] },
        { headers: { 'x-gatewaykit-fault': '400' } },
      );
      const error = await failing.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Anthropic.BadRequestError);
      expect((error as InstanceType<typeof Anthropic.APIError>).type).toBe('invalid_request_error');
      expect((error as InstanceType<typeof Anthropic.APIError>).requestID).toMatch(/^gen-/);
    } finally {
      await close();
    }
  });
});
