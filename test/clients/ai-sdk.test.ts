import { createOpenAI } from '@ai-sdk/openai';
import { APICallError, generateText, stepCountIs, streamText, tool } from 'ai';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { startTarget, TARGET_KINDS, type Target } from '../targets.ts';

/**
 * The Vercel AI SDK (`ai` 6 with `@ai-sdk/openai` 3, Responses API model), unchanged but for
 * `baseURL` and `apiKey`, against the simulator in-process (msw) and over a real port.
 */
const MODEL = 'openai/gpt-4o-mini';

describe.each(TARGET_KINDS)('AI SDK against the simulator (%s)', (kind) => {
  let target: Target;
  let provider: ReturnType<typeof createOpenAI>;
  beforeAll(async () => {
    target = await startTarget(kind);
    provider = createOpenAI({ baseURL: target.baseUrl, apiKey: 'sk-gw-test' });
  });
  afterAll(() => target.close());

  test('generateText returns the text, finish reason and usage', async () => {
    const result = await generateText({ model: provider.responses(MODEL), prompt: 'Write one sentence about forests.', maxRetries: 0 });
    expect(result.text.length).toBeGreaterThan(0);
    expect(result.finishReason).toBe('stop');
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
    expect(result.response.modelId).toBe(MODEL);
  });

  test('streamText streams text parts that add up to the final text', async () => {
    const result = streamText({ model: provider.responses(MODEL), prompt: 'Describe the moon.', maxRetries: 0 });
    const parts: string[] = [];
    for await (const part of result.textStream) parts.push(part);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.join('')).toBe(await result.text);
    expect(await result.finishReason).toBe('stop');
    expect((await result.usage).outputTokens).toBeGreaterThan(0);
  });

  test('tool calls: the model calls the tool, the SDK runs it and sends the result back, then text', async () => {
    const seen: Array<{ city: string }> = [];
    const result = await generateText({
      model: provider.responses(MODEL),
      prompt: 'What is the weather in Lisbon?',
      tools: {
        get_weather: tool({
          description: 'Current weather for a city',
          inputSchema: z.object({ city: z.string() }),
          execute: async ({ city }) => {
            seen.push({ city });
            return { city, temperature_c: 21 };
          },
        }),
      },
      stopWhen: stepCountIs(3),
      maxRetries: 0,
    });
    expect(seen).toHaveLength(1);
    expect(typeof seen[0]!.city).toBe('string');
    expect(result.steps.length).toBe(2);
    expect(result.steps[0]!.toolCalls.map((c) => c.toolName)).toEqual(['get_weather']);
    expect(result.steps[0]!.finishReason).toBe('tool-calls');
    expect(result.steps[1]!.toolCalls).toEqual([]);
    expect(result.text.length).toBeGreaterThan(0);
  });

  test('streamText with tools streams the tool call and the final answer', async () => {
    const result = streamText({
      model: provider.responses(MODEL),
      prompt: 'Check the weather in Rome',
      tools: {
        get_weather: tool({
          description: 'Current weather for a city',
          inputSchema: z.object({ city: z.string() }),
          execute: async ({ city }) => ({ city, temperature_c: 25 }),
        }),
      },
      stopWhen: stepCountIs(3),
      maxRetries: 0,
    });
    const kinds = new Set<string>();
    for await (const part of result.fullStream) kinds.add(part.type);
    expect(kinds).toContain('tool-call');
    expect(kinds).toContain('tool-result');
    expect(kinds).toContain('text-delta');
    expect((await result.text).length).toBeGreaterThan(0);
  });

  test('gateway errors surface as APICallError with the status and the spec 7 message', async () => {
    const failing = createOpenAI({ baseURL: target.baseUrl, apiKey: 'sk-gw-test', headers: { 'X-Gatewaykit-Fault': '503' } });
    const error = await generateText({ model: failing.responses(MODEL), prompt: 'hi', maxRetries: 0 }).catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(503);
    expect((error as APICallError).message).toMatch(/unavailable/i);
  });
});
