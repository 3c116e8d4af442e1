import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { ChatOpenAI } from '@langchain/openai';
import { generateText, stepCountIs, streamText, tool } from 'ai';
import { setupServer } from 'msw/node';
import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { startServer } from '../../src/adapter/node/create-server.ts';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.ts';

/**
 * Real chat clients at their DEFAULT settings (retries included), unchanged but for the base URL
 * and key, against POST /chat/completions in the three ways a user runs the simulator: msw
 * intercepting the client's fetch, the client's fetch set to `gateway.fetch`, and a real port.
 */
const MODEL = 'openai/gpt-4o-mini';
const MODES = ['msw', 'gateway.fetch', 'port'] as const;
type Mode = (typeof MODES)[number];

interface Running {
  gateway: Gateway;
  baseURL: string;
  /** The fetch a client should use: undefined means its own (global) fetch. */
  fetch: typeof globalThis.fetch | undefined;
  close(): Promise<void>;
}

async function start(mode: Mode): Promise<Running> {
  if (mode === 'port') {
    const running = await startServer({ port: 0 });
    return { gateway: running.gateway, baseURL: running.baseUrl, fetch: undefined, close: () => running.close() };
  }
  const gateway = createGateway({ baseUrl: `http://chat-${mode.replace('.', '-')}.gateway.test/api/v1` });
  if (mode === 'gateway.fetch') return { gateway, baseURL: gateway.baseUrl, fetch: gateway.fetch as typeof globalThis.fetch, close: async () => {} };
  const server = setupServer(...gateway.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  return { gateway, baseURL: gateway.baseUrl, fetch: undefined, close: async () => server.close() };
}

const statuses = (gateway: Gateway) => gateway.control.requests().map((e) => e.status);

describe.each(MODES)('chat clients at default settings (%s)', (mode) => {
  let run: Running;
  let openai: OpenAI;
  beforeAll(async () => {
    run = await start(mode);
    openai = new OpenAI({ baseURL: run.baseURL, apiKey: 'sk-gw-test', ...(run.fetch ? { fetch: run.fetch } : {}) });
  });
  afterAll(() => run.close());

  describe('openai JS', () => {
    test('chat.completions.create answers one choice with content, finish_reason and usage', async () => {
      const completion = await openai.chat.completions.create({
        model: MODEL,
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Write one sentence about the sea.' },
        ],
      });
      expect(completion.object).toBe('chat.completion');
      expect(completion.model).toBe(MODEL);
      expect(completion.choices[0]!.finish_reason).toBe('stop');
      expect(completion.choices[0]!.message.content!.length).toBeGreaterThan(0);
      expect(completion.usage!.total_tokens).toBe(completion.usage!.prompt_tokens + completion.usage!.completion_tokens);
    });

    test('stream: true with include_usage: deltas join to the JSON content, then one usage chunk', async () => {
      const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: 'Tell me about rivers.' }];
      const json = await openai.chat.completions.create({ model: MODEL, messages });
      const stream = await openai.chat.completions.create({ model: MODEL, messages, stream: true, stream_options: { include_usage: true } });
      let text = '';
      let finish: string | null = null;
      const usages: unknown[] = [];
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? '';
        finish = chunk.choices[0]?.finish_reason ?? finish;
        if (chunk.usage) usages.push(chunk.usage);
      }
      expect(text).toBe(json.choices[0]!.message.content);
      expect(finish).toBe('stop');
      expect(usages).toEqual([json.usage]);
    });

    test('chat.completions.parse with zodResponseFormat gives a parsed object of the schema', async () => {
      const Event = z.object({ name: z.string(), date: z.string(), participants: z.array(z.string()) });
      const completion = await openai.chat.completions.parse({
        model: MODEL,
        messages: [{ role: 'user', content: 'Alice and Bob are going to a science fair on Friday.' }],
        response_format: zodResponseFormat(Event, 'event'),
      });
      const parsed = completion.choices[0]!.message.parsed;
      expect(parsed).not.toBeNull();
      expect(Event.parse(parsed)).toEqual(parsed);
    });

    test('a tool call round trip: the call, the tool message back, a text answer', async () => {
      const tools: OpenAI.Chat.Completions.ChatCompletionTool[] = [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            description: 'Weather for a city',
            parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
            strict: true,
          },
        },
      ];
      const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: 'What is the weather in Paris?' }];
      const first = await openai.chat.completions.create({ model: MODEL, messages, tools });
      expect(first.choices[0]!.finish_reason).toBe('tool_calls');
      const call = first.choices[0]!.message.tool_calls![0]!;
      expect(call.type).toBe('function');
      if (call.type !== 'function') return;
      expect(JSON.parse(call.function.arguments)).toEqual({ city: 'Paris' });
      const second = await openai.chat.completions.create({
        model: MODEL,
        tools,
        messages: [...messages, first.choices[0]!.message, { role: 'tool', tool_call_id: call.id, content: JSON.stringify({ temperature_c: 18 }) }],
      });
      expect(second.choices[0]!.finish_reason).toBe('stop');
      expect(second.choices[0]!.message.content).toContain('get_weather');
    });

    test('a 503 once is retried by the client and the answer arrives', async () => {
      run.gateway.script({ id: `chat-503-${mode}`, match: { input: 'retry me' }, reply: { type: 'error', status: 503 }, times: 1 });
      const before = statuses(run.gateway).length;
      const completion = await openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Please retry me.' }] });
      expect(completion.choices[0]!.message.content!.length).toBeGreaterThan(0);
      expect(statuses(run.gateway).slice(before)).toEqual([503, 200]);
    });

    test('a failure after the 200 surfaces while iterating the stream, as an APIError with the message', async () => {
      const stream = await openai.chat.completions.create(
        { model: MODEL, messages: [{ role: 'user', content: 'Tell me a story.' }], stream: true },
        { headers: { 'X-Gatewaykit-Fault': 'stream-error' } },
      );
      let text = '';
      const error = await (async () => {
        for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      })().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpenAI.APIError);
      expect((error as Error).message).toContain('stream-error');
      expect(text.length).toBeGreaterThan(0);
    });
  });

  describe('AI SDK', () => {
    const weather = tool({
      description: 'Current weather for a city',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => ({ city, temperature_c: 21 }),
    });

    test('createOpenAI().chat(): generateText, streamText and a tool loop', async () => {
      const provider = createOpenAI({ baseURL: run.baseURL, apiKey: 'sk-gw-test', ...(run.fetch ? { fetch: run.fetch } : {}) });
      const result = await generateText({ model: provider.chat(MODEL), prompt: 'Write one sentence about forests.' });
      expect(result.text.length).toBeGreaterThan(0);
      expect(result.finishReason).toBe('stop');
      expect(result.usage.inputTokens).toBeGreaterThan(0);

      const streamed = streamText({ model: provider.chat(MODEL), prompt: 'Write one sentence about forests.' });
      const parts: string[] = [];
      for await (const part of streamed.textStream) parts.push(part);
      expect(parts.length).toBeGreaterThan(1);
      expect(parts.join('')).toBe(result.text);
      expect((await streamed.usage).outputTokens).toBe(result.usage.outputTokens);

      const looped = await generateText({
        model: provider.chat(MODEL),
        prompt: 'What is the weather in Lisbon?',
        tools: { get_weather: weather },
        stopWhen: stepCountIs(3),
      });
      expect(looped.steps.map((s) => s.finishReason)).toEqual(['tool-calls', 'stop']);
      expect(looped.steps[0]!.toolCalls.map((c) => c.toolName)).toEqual(['get_weather']);
      expect(looped.text).toContain('get_weather');
    });

    test('@ai-sdk/openai-compatible: generateText, streamText with tools', async () => {
      const provider = createOpenAICompatible({
        name: 'gatewaykit',
        baseURL: run.baseURL,
        apiKey: 'sk-gw-test',
        includeUsage: true,
        ...(run.fetch ? { fetch: run.fetch } : {}),
      });
      const result = await generateText({ model: provider(MODEL), prompt: 'Describe the moon.' });
      expect(result.text.length).toBeGreaterThan(0);
      expect(result.usage.outputTokens).toBeGreaterThan(0);

      const streamed = streamText({ model: provider(MODEL), prompt: 'Check the weather in Rome', tools: { get_weather: weather }, stopWhen: stepCountIs(3) });
      const types = new Set<string>();
      for await (const part of streamed.fullStream) types.add(part.type);
      expect(types).toContain('tool-call');
      expect(types).toContain('tool-result');
      expect(types).toContain('text-delta');
      const steps = await streamed.steps;
      expect(steps.map((s) => s.finishReason)).toEqual(['tool-calls', 'stop']);
      expect((await streamed.totalUsage).outputTokens).toBeGreaterThan(0);
    });
  });

  describe('LangChain', () => {
    test('ChatOpenAI invoke and stream', async () => {
      const model = new ChatOpenAI({ model: MODEL, apiKey: 'sk-gw-test', configuration: { baseURL: run.baseURL, ...(run.fetch ? { fetch: run.fetch } : {}) } });
      const message = await model.invoke('Write one sentence about mountains.');
      expect(typeof message.content).toBe('string');
      expect((message.content as string).length).toBeGreaterThan(0);
      expect(message.usage_metadata?.total_tokens).toBeGreaterThan(0);
      let text = '';
      let chunks = 0;
      for await (const chunk of await model.stream('Write one sentence about mountains.')) {
        text += chunk.content as string;
        chunks++;
      }
      expect(chunks).toBeGreaterThan(1);
      expect(text).toBe(message.content);
    });
  });
});
