import { describe, expect, it } from 'vitest';
import { buildOutput } from '../../generation/build-output.ts';
import { buildResponse } from '../../generation/build-response.ts';
import type { ReplyPlan } from '../../generation/reply-plan.ts';
import type { ResponseUsage } from '../../generation/output-items.ts';
import { loadTokenizer } from '../../generation/tokenizer.ts';
import { usageCost } from '../../generation/usage-cost.ts';
import { buildUsage } from '../../generation/usage.ts';
import { seededRandom } from '../../random/seeded-random.ts';
import { MessagesResultSchema } from '../../schemas/messages-result.ts';
import { messageUsage, renderMessage } from './render-message.ts';

const PRICING = { prompt: '0.000003', completion: '0.000015' };

describe('renderMessage', async () => {
  const tokenizer = await loadTokenizer();
  const resultOf = (plan: ReplyPlan, max?: number) => {
    const built = buildOutput(plan, { tokenizer, rng: seededRandom(0, 'ids'), modelId: 'anthropic/claude-sonnet-4.5', maxOutputTokens: max });
    const counts = buildUsage({ inputTokens: 40, cachedTokens: 0, outputTokens: built.outputTokens, reasoningTokens: built.reasoningTokens });
    const usage: ResponseUsage = { ...counts, ...usageCost(counts, PRICING, false) };
    return buildResponse({ request: { input: 'x' } as never, id: 'resp_0123', now: 0, modelId: 'anthropic/claude-sonnet-4.5', built, usage });
  };

  it('renders the reference MessagesResult: id, blocks in order, tool input as an object, usage with cost', () => {
    const result = resultOf({ reasoning: { text: 'Thinking.' }, text: 'Here you go.', calls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }] });
    const message = renderMessage(result);
    expect(MessagesResultSchema.safeParse(message).success).toBe(true);
    expect(message).toMatchObject({
      id: 'msg_0123',
      type: 'message',
      role: 'assistant',
      model: 'anthropic/claude-sonnet-4.5',
      stop_reason: 'tool_use',
      stop_sequence: null,
    });
    expect(message.content.map((b) => b.type)).toEqual(['thinking', 'text', 'tool_use']);
    expect(message.content[2]).toMatchObject({ type: 'tool_use', name: 'get_weather', input: { city: 'Paris' } });
    expect((message.content[2] as { id: string }).id).toMatch(/^toolu_/);
    expect(message.usage.output_tokens).toBe(result.usage?.output_tokens);
    expect(message.usage.cost).toBe(result.usage?.cost);
    expect(message.usage.output_tokens_details.thinking_tokens).toBe(result.usage?.output_tokens_details.reasoning_tokens);
  });

  it('gives end_turn, max_tokens and refusal as their causes', () => {
    expect(renderMessage(resultOf({ text: 'Hi.' })).stop_reason).toBe('end_turn');
    expect(renderMessage(resultOf({ text: 'A long reply that a tiny budget cuts.' }, 2)).stop_reason).toBe('max_tokens');
    expect(renderMessage(resultOf({ refusal: 'I cannot help with that.' })).stop_reason).toBe('refusal');
  });

  it('counts input as Anthropic does: uncached input beside cache reads and writes, the three adding up to the canonical input', () => {
    const usage: ResponseUsage = {
      input_tokens: 100,
      input_tokens_details: { cached_tokens: 60, cache_write_tokens: 30 },
      output_tokens: 5,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 105,
    };
    expect(messageUsage(usage)).toMatchObject({
      input_tokens: 10,
      cache_read_input_tokens: 60,
      cache_creation_input_tokens: 30,
      cache_creation: { ephemeral_5m_input_tokens: 30, ephemeral_1h_input_tokens: 0 },
    });
    expect(messageUsage(usage, { cacheTtl: '1h' }).cache_creation).toEqual({ ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 30 });
  });
});
