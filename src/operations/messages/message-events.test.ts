import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildOutput } from '../../generation/build-output.ts';
import { buildResponse } from '../../generation/build-response.ts';
import type { ReplyPlan } from '../../generation/reply-plan.ts';
import { loadTokenizer } from '../../generation/tokenizer.ts';
import { buildUsage } from '../../generation/usage.ts';
import { seededRandom } from '../../random/seeded-random.ts';
import { responseEvents } from '../../streaming/response-events.ts';
import { messageEvents, type MessagesStreamEvent } from './message-events.ts';
import { MessagesResultSchema, MessagesStreamEventSchema } from '../../schemas/messages-result.ts';
import { renderMessage } from './render-message.ts';

describe('messageEvents', async () => {
  const tokenizer = await loadTokenizer();
  const resultOf = (plan: ReplyPlan, max?: number) => {
    const built = buildOutput(plan, { tokenizer, rng: seededRandom(0, 'ids'), modelId: 'anthropic/claude-sonnet-4.5', maxOutputTokens: max });
    const usage = buildUsage({ inputTokens: 12, cachedTokens: 0, outputTokens: built.outputTokens, reasoningTokens: built.reasoningTokens });
    return buildResponse({
      request: { input: 'x', max_output_tokens: max } as never,
      id: 'resp_abc',
      now: 1_767_225_600_000,
      modelId: 'anthropic/claude-sonnet-4.5',
      built,
      usage,
    });
  };
  const streamOf = (plan: ReplyPlan, seed: number, max?: number) => {
    const result = resultOf(plan, max);
    return { result, events: messageEvents(responseEvents(result, { rng: seededRandom(seed, 'deltas') }), result) };
  };

  /** The blocks a client assembles from the stream, as the Anthropic SDK does. */
  const assemble = (events: MessagesStreamEvent[]) => {
    const blocks: Array<Record<string, unknown>> = [];
    const json: string[] = [];
    for (const e of events) {
      if (e.type === 'content_block_start') {
        blocks[e.index as number] = { ...(e.content_block as object) };
        json[e.index as number] = '';
      } else if (e.type === 'content_block_delta') {
        const block = blocks[e.index as number] as Record<string, unknown>;
        const d = e.delta as Record<string, string>;
        if (d.type === 'text_delta') block.text = String(block.text) + d.text;
        else if (d.type === 'thinking_delta') block.thinking = String(block.thinking) + d.thinking;
        else if (d.type === 'signature_delta') block.signature = d.signature;
        else if (d.type === 'input_json_delta') json[e.index as number] = (json[e.index as number] ?? '') + (d.partial_json ?? '');
      } else if (e.type === 'content_block_stop') {
        const block = blocks[e.index as number] as Record<string, unknown>;
        if (block.type === 'tool_use') block.input = JSON.parse(json[e.index as number] || '{}');
      }
    }
    return blocks;
  };

  const planArb = fc.record(
    {
      reasoning: fc.record({ text: fc.string({ minLength: 1, maxLength: 80 }) }),
      text: fc.string({ maxLength: 200 }),
      calls: fc.array(
        fc.record({
          name: fc.constantFrom('get_weather', 'lookup'),
          arguments: fc
            .dictionary(fc.string({ minLength: 1, maxLength: 6 }), fc.oneof(fc.string({ maxLength: 20 }), fc.integer()))
            .map((o) => JSON.stringify(o)),
        }),
        { maxLength: 2 },
      ),
    },
    { requiredKeys: [] },
  ) as fc.Arbitrary<ReplyPlan>;

  it('property: the deltas join to the non-streamed content (text, thinking, tool input), whatever the chunking', () => {
    fc.assert(
      fc.property(planArb, fc.integer({ min: 0, max: 1000 }), fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined }), (plan, seed, max) => {
        const { result, events } = streamOf(plan, seed, max);
        const message = renderMessage(result);
        const blocks = assemble(events);
        const strip = ({ citations: _c, caller: _caller, ...b }: Record<string, unknown>) => b;
        expect(blocks.map(strip)).toEqual(message.content.map((b) => strip(b as unknown as Record<string, unknown>)));
      }),
    );
  });

  it('property: block indexes count 0, 1, 2, ...; each block started is stopped once, with its deltas in between; the stream ends with message_delta then message_stop', () => {
    fc.assert(
      fc.property(planArb, fc.integer({ min: 0, max: 1000 }), fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined }), (plan, seed, max) => {
        const { result, events } = streamOf(plan, seed, max);
        for (const e of events) expect(MessagesStreamEventSchema.safeParse(e).success, JSON.stringify(e)).toBe(true);
        expect(events[0]?.type).toBe('message_start');
        expect(events.slice(-2).map((e) => e.type)).toEqual(['message_delta', 'message_stop']);
        const open = new Set<number>();
        let next = 0;
        for (const e of events) {
          if (e.type === 'content_block_start') {
            expect(e.index).toBe(next++);
            open.add(e.index as number);
          } else if (e.type === 'content_block_delta') expect(open.has(e.index as number)).toBe(true);
          else if (e.type === 'content_block_stop') expect(open.delete(e.index as number)).toBe(true);
        }
        expect(open.size).toBe(0);
        expect(next).toBe(renderMessage(result).content.length);
      }),
    );
  });

  it('reports the stop reason and the usage in message_delta as the JSON answer does', () => {
    const cases: Array<[ReplyPlan, number | undefined, string]> = [
      [{ text: 'Hello there.' }, undefined, 'end_turn'],
      [{ text: 'A rather long answer that the budget will cut short before it ends.' }, 3, 'max_tokens'],
      [{ calls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }] }, undefined, 'tool_use'],
    ];
    for (const [plan, max, reason] of cases) {
      const { result, events } = streamOf(plan, 1, max);
      const message = renderMessage(result);
      expect(MessagesResultSchema.safeParse(message).success).toBe(true);
      expect(message.stop_reason).toBe(reason);
      const delta = events.find((e) => e.type === 'message_delta') as unknown as { delta: { stop_reason: string }; usage: Record<string, unknown> };
      expect(delta.delta.stop_reason).toBe(reason);
      expect(delta.usage.output_tokens).toBe(message.usage.output_tokens);
      expect(delta.usage.cache_read_input_tokens).toBe(message.usage.cache_read_input_tokens);
      const start = events[0] as unknown as { message: { id: string; usage: { input_tokens: number; output_tokens: number } } };
      expect(start.message.id).toBe(message.id);
      expect(start.message.usage.input_tokens).toBe(message.usage.input_tokens);
      expect(start.message.usage.output_tokens).toBe(0);
    }
  });

  it('sends a ping keep-alive after message_start', () => {
    const { events } = streamOf({ text: 'Hi.' }, 0);
    expect(events.slice(0, 2).map((e) => e.type)).toEqual(['message_start', 'ping']);
  });

  it('a thinking block streams thinking_delta then one signature_delta with the signature of the JSON answer', () => {
    const { result, events } = streamOf({ reasoning: { text: 'Let me think about it carefully.' }, text: 'Done.' }, 3);
    const signatures = events.filter((e) => (e.delta as { type?: string } | undefined)?.type === 'signature_delta');
    expect(signatures).toHaveLength(1);
    const thinking = renderMessage(result).content[0];
    expect(thinking?.type).toBe('thinking');
    expect((signatures[0]?.delta as { signature: string }).signature).toBe((thinking as { signature: string }).signature);
    expect((thinking as { signature: string }).signature).toMatch(/^[0-9A-Za-z]{64}$/);
  });

  it('an in-stream failure ends with event: error in the Anthropic shape, and no message_stop', () => {
    const result = resultOf({ text: 'One two three four five six seven eight nine ten.' });
    const canonical = responseEvents(result, { rng: seededRandom(0, 'd'), fail: { message: 'upstream failed', countTokens: tokenizer.count } });
    const events = messageEvents(canonical, result);
    expect(events.at(-1)).toEqual({ type: 'error', error: { type: 'api_error', message: 'upstream failed' } });
    expect(events.some((e) => e.type === 'message_stop' || e.type === 'message_delta')).toBe(false);
    expect(events.some((e) => e.type === 'content_block_delta')).toBe(true);
  });

  it('carries routing metadata on message_stop when the result has it', () => {
    const plain = resultOf({ text: 'Hi.' });
    const result = { ...plain, gateway_metadata: { strategy: 'direct' } };
    const events = messageEvents(responseEvents(result, { rng: seededRandom(0, 'd') }), result);
    expect(events.at(-1)).toEqual({ type: 'message_stop', gateway_metadata: { strategy: 'direct' } });
  });
});
