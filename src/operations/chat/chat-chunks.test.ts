import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildOutput } from '../../generation/build-output.ts';
import { buildResponse } from '../../generation/build-response.ts';
import type { ReplyPlan } from '../../generation/reply-plan.ts';
import { loadTokenizer } from '../../generation/tokenizer.ts';
import { buildUsage } from '../../generation/usage.ts';
import { seededRandom } from '../../random/seeded-random.ts';
import { ChatResultSchema, ChatStreamChunkSchema, type ChatStreamChunk } from '../../schemas/chat-result.ts';
import { responseEvents } from '../../streaming/response-events.ts';
import { chatChunks } from './chat-chunks.ts';
import { chatCompletion } from './chat-completion.ts';

describe('chat chunks and the chat completion of one canonical result', async () => {
  const tokenizer = await loadTokenizer();
  const MODEL = 'openai/o4-mini';
  const result = (plan: ReplyPlan, max?: number) => {
    const built = buildOutput(plan, { tokenizer, rng: seededRandom(0, 'ids'), modelId: MODEL, maxOutputTokens: max });
    const usage = buildUsage({ inputTokens: 10, cachedTokens: 0, outputTokens: built.outputTokens, reasoningTokens: built.reasoningTokens });
    return buildResponse({ request: { input: 'x', max_output_tokens: max } as never, id: 'resp_1', now: 1_767_225_600_000, modelId: MODEL, built, usage });
  };
  const render = (r: ReturnType<typeof result>, seed = 0, includeUsage = true) =>
    chatChunks(responseEvents(r, { rng: seededRandom(seed, 'd') }), { id: 'gen-1', created: r.created_at, model: r.model, includeUsage }).map(
      (c) => ChatStreamChunkSchema.parse(JSON.parse(c.json)) as ChatStreamChunk,
    );
  const join = (chunks: ChatStreamChunk[], pick: (d: ChatStreamChunk['choices'][number]['delta']) => string | null | undefined) =>
    chunks.flatMap((c) => c.choices.map((ch) => pick(ch.delta) ?? '')).join('');

  const plans = fc.record(
    {
      reasoning: fc.record({ text: fc.string({ minLength: 1, maxLength: 60 }) }),
      text: fc.string({ maxLength: 80 }),
      refusal: fc.string({ minLength: 1, maxLength: 40 }),
      calls: fc.array(
        fc.record({ name: fc.constantFrom('lookup', 'get_weather'), arguments: fc.constantFrom('{}', '{"q":"tea","n":3}', '{"city":"Paris"}') }),
        { minLength: 1, maxLength: 3 },
      ),
    },
    { requiredKeys: [] },
  );

  it('the stream joins to the completion: content, refusal, reasoning and tool-call arguments; one role delta first, one final chunk, usage last', () => {
    fc.assert(
      fc.property(plans, fc.integer({ min: 0, max: 1000 }), fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }), (plan, seed, max) => {
        const r = result(plan, max);
        const completion = ChatResultSchema.parse(chatCompletion(r, 'gen-1'));
        const message = completion.choices[0]!.message;
        const chunks = render(r, seed);
        expect(chunks[0]!.choices[0]!.delta).toEqual({ role: 'assistant', content: '' });
        expect(chunks.filter((c) => c.choices[0]?.delta.role !== undefined)).toHaveLength(1);
        expect(join(chunks, (d) => d.content)).toBe(message.content ?? '');
        expect(join(chunks, (d) => d.refusal)).toBe(message.refusal ?? '');
        expect(join(chunks, (d) => d.reasoning)).toBe(message.reasoning ?? '');
        const calls = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
        for (const [i, call] of (message.tool_calls ?? []).entries()) {
          const mine = calls.filter((c) => c.index === i);
          expect(mine[0]).toMatchObject({ id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } });
          expect(mine.map((c) => c.function?.arguments ?? '').join('')).toBe(call.function.arguments);
        }
        const finals = chunks.filter((c) => c.choices[0]?.finish_reason != null);
        expect(finals).toEqual([chunks.at(-2)]);
        expect(finals[0]!.choices[0]!.finish_reason).toBe(completion.choices[0]!.finish_reason);
        expect(chunks.at(-1)).toMatchObject({ choices: [], usage: completion.usage });
        expect(new Set(chunks.map((c) => [c.id, c.created, c.model].join()))).toEqual(new Set([`gen-1,${r.created_at},${MODEL}`]));
      }),
    );
  });

  it('finish_reason follows the stop cause: stop, length, tool_calls, content_filter', () => {
    const reason = (plan: ReplyPlan, max?: number) => chatCompletion(result(plan, max), 'gen-1') as { choices: Array<{ finish_reason: string }> };
    expect(reason({ text: 'A short reply.' }).choices[0]!.finish_reason).toBe('stop');
    expect(reason({ text: 'A reply long enough to be cut by a budget of two tokens.' }, 2).choices[0]!.finish_reason).toBe('length');
    expect(reason({ calls: [{ name: 'f', arguments: '{}' }] }).choices[0]!.finish_reason).toBe('tool_calls');
    expect(reason({ refusal: 'No.' }).choices[0]!.finish_reason).toBe('content_filter');
  });

  it('without include_usage no chunk carries usage; the stream-error chunk carries error and finish_reason error', () => {
    const r = result({ text: 'Hello there, this is a reply that is long enough to split.' });
    expect(render(r, 1, false).every((c) => c.usage === undefined)).toBe(true);
    const failed = chatChunks(responseEvents(r, { rng: seededRandom(1, 'd'), fail: { message: 'boom', countTokens: tokenizer.count } }), {
      id: 'gen-1',
      created: r.created_at,
      model: r.model,
      includeUsage: false,
    }).map((c) => ChatStreamChunkSchema.parse(JSON.parse(c.json)));
    expect(failed.at(-1)).toMatchObject({ error: { code: 502, message: 'boom' }, choices: [{ finish_reason: 'error' }] });
    expect(failed.filter((c) => c.choices[0]?.finish_reason != null)).toHaveLength(1);
  });
});
