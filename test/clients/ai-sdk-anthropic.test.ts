import { createAnthropic } from '@ai-sdk/anthropic';
import { APICallError, generateText, stepCountIs, streamText, tool } from 'ai';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import { startTarget, TARGET_KINDS, type Target } from '../targets.ts';

/**
 * The AI SDK's Anthropic provider (`ai` 6 with `@ai-sdk/anthropic` 3) at its default settings,
 * changed only by `baseURL` and `apiKey`, against `POST /messages`: in-process through msw, over
 * a real port, and through `gateway.fetch`.
 */
const MODEL = 'anthropic/claude-sonnet-4.5';

type Provider = ReturnType<typeof createAnthropic>;

function suite(provider: () => Provider) {
  test('generateText: text, finish reason, usage', async () => {
    const result = await generateText({ model: provider()(MODEL), prompt: 'Write one sentence about forests.' });
    expect(result.text.length).toBeGreaterThan(0);
    expect(result.finishReason).toBe('stop');
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
  });

  test('streamText: the text parts add up to the final text', async () => {
    const result = streamText({ model: provider()(MODEL), prompt: 'Describe the moon.' });
    const parts: string[] = [];
    for await (const part of result.textStream) parts.push(part);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.join('')).toBe(await result.text);
    expect(await result.finishReason).toBe('stop');
    expect((await result.usage).outputTokens).toBeGreaterThan(0);
  });

  test('tools: the model calls the tool, the SDK runs it, sends the result back and gets text', async () => {
    const seen: string[] = [];
    const result = await generateText({
      model: provider()(MODEL),
      prompt: 'What is the weather in Lisbon?',
      tools: {
        get_weather: tool({
          description: 'Current weather for a city',
          inputSchema: z.object({ city: z.string() }),
          execute: async ({ city }) => {
            seen.push(city);
            return { city, temperature_c: 21 };
          },
        }),
      },
      stopWhen: stepCountIs(3),
    });
    expect(seen).toEqual(['Lisbon']);
    expect(result.steps.map((s) => s.finishReason)).toEqual(['tool-calls', 'stop']);
    expect(result.text.length).toBeGreaterThan(0);
  });

  test('streamText with tools streams the tool call, its result and the answer', async () => {
    const result = streamText({
      model: provider()(MODEL),
      prompt: 'Check the weather in Rome',
      tools: {
        get_weather: tool({
          description: 'Current weather for a city',
          inputSchema: z.object({ city: z.string() }),
          execute: async ({ city }) => ({ city, temperature_c: 25 }),
        }),
      },
      stopWhen: stepCountIs(3),
    });
    const kinds = new Set<string>();
    for await (const part of result.fullStream) kinds.add(part.type);
    expect([...kinds]).toEqual(expect.arrayContaining(['tool-call', 'tool-result', 'text-delta']));
    expect((await result.text).length).toBeGreaterThan(0);
  });
}

describe.each(TARGET_KINDS)('AI SDK Anthropic provider, default settings (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind);
  });
  afterAll(() => target.close());
  suite(() => createAnthropic({ baseURL: target.baseUrl, apiKey: 'sk-gw-test' }));

  test('a gateway error surfaces as APICallError with its status and message', async () => {
    const failing = createAnthropic({ baseURL: target.baseUrl, apiKey: 'sk-gw-test', headers: { 'X-Gatewaykit-Fault': '403' } });
    const error = await generateText({ model: failing(MODEL), prompt: 'hi' }).catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(403);
    expect((error as APICallError).message).toMatch(/guardrail/i);
  });
});

describe('AI SDK Anthropic provider, default settings (gateway.fetch)', () => {
  const gateway = createGateway({ baseUrl: 'http://ai-sdk.anthropic.gateway.test/api/v1' });
  suite(() => createAnthropic({ baseURL: gateway.baseUrl, apiKey: 'sk-gw-test', fetch: gateway.fetch }));
});
