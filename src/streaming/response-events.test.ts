import { describe, expect, it } from 'vitest';
import { buildOutput } from '../generation/build-output.ts';
import { buildResponse } from '../generation/build-response.ts';
import { loadTokenizer } from '../generation/tokenizer.ts';
import { buildUsage } from '../generation/usage.ts';
import { seededRandom } from '../random/seeded-random.ts';
import { StreamEventSchema } from '../schemas/stream-events.ts';
import { responseEvents, type ResponseStreamEvent } from './response-events.ts';

describe('responseEvents', async () => {
  const tokenizer = await loadTokenizer();
  const result = (plan: Parameters<typeof buildOutput>[0], max?: number) => {
    const built = buildOutput(plan, { tokenizer, rng: seededRandom(0, 'ids'), modelId: 'openai/o4-mini', maxOutputTokens: max });
    const usage = buildUsage({ inputTokens: 10, cachedTokens: 0, outputTokens: built.outputTokens, reasoningTokens: built.reasoningTokens });
    return buildResponse({
      request: { input: 'x', max_output_tokens: max } as never,
      id: 'resp_1',
      now: 1_767_225_600_000,
      modelId: 'openai/o4-mini',
      built,
      usage,
      gatewayMetadata: { strategy: 'direct' },
    });
  };
  const everything = result({
    reasoning: { text: 'First I think. Then I answer.', summary: 'Thought briefly.' },
    text: 'Hello there, this is a reply with café and 🙂 in it.',
    calls: [{ name: 'lookup', arguments: '{"q":"tea","n":3}' }],
  });
  const types = (events: ResponseStreamEvent[]) => events.map((e) => e.type);

  it('numbers events 0, 1, 2, ... and every event matches the stream-event schema', () => {
    const events = responseEvents(everything, { rng: seededRandom(0, 'd') });
    events.forEach((e, i) => expect(e.sequence_number).toBe(i));
    for (const e of events) expect(StreamEventSchema.safeParse(e).success, e.type).toBe(true);
  });

  it('follows the grammar: created, in_progress, items, one terminal event with the whole result', () => {
    const events = responseEvents(everything, { rng: seededRandom(0, 'd') });
    const t = types(events);
    expect(t.slice(0, 3)).toEqual(['response.created', 'response.in_progress', 'response.output_item.added']);
    expect(t.at(-1)).toBe('response.completed');
    expect(t.filter((x) => /^response\.(completed|incomplete|failed)$/.test(x))).toHaveLength(1);
    expect(t.filter((x) => x === 'response.output_item.added')).toHaveLength(3);
    expect(t.filter((x) => x === 'response.output_item.done')).toHaveLength(3);
    expect(events.at(-1)?.response).toEqual(everything);
    expect((events[0]?.response as { gateway_metadata?: unknown }).gateway_metadata).toBeUndefined();
  });

  it('deltas join to the done texts and to the final output', () => {
    const events = responseEvents(everything, { rng: seededRandom(5, 'd') });
    const join = (type: string) =>
      events
        .filter((e) => e.type === type)
        .map((e) => e.delta)
        .join('');
    const done = (type: string, field: string) => events.find((e) => e.type === type)?.[field];
    expect(join('response.output_text.delta')).toBe(done('response.output_text.done', 'text'));
    expect(join('response.output_text.delta')).toBe('Hello there, this is a reply with café and 🙂 in it.');
    expect(join('response.reasoning_text.delta')).toBe('First I think. Then I answer.');
    expect(join('response.reasoning_summary_text.delta')).toBe('Thought briefly.');
    expect(join('response.function_call_arguments.delta')).toBe('{"q":"tea","n":3}');
    expect(done('response.function_call_arguments.done', 'name')).toBe('lookup');
  });

  it('ends with response.incomplete when the budget cut the reply', () => {
    const cut = result({ text: 'A long enough reply that will not fit in three tokens.' }, 3);
    expect(cut.status).toBe('incomplete');
    const events = responseEvents(cut, { rng: seededRandom(0, 'd') });
    expect(events.at(-1)?.type).toBe('response.incomplete');
  });

  it('puts the debug chunk first when asked', () => {
    const events = responseEvents(everything, { rng: seededRandom(0, 'd'), upstreamBody: { model: 'openai/o4-mini', stream: true } });
    // Not numbered: the response's events still run 0, 1, 2, ... from response.created.
    expect(events[0]).toEqual({ type: 'response.debug', debug: { echo_upstream_body: { model: 'openai/o4-mini', stream: true } } });
    expect(events.slice(1).map((e) => e.sequence_number)).toEqual(events.slice(1).map((_, i) => i));
    expect(events[1]).toMatchObject({ type: 'response.created', sequence_number: 0 });
    const without = responseEvents(everything, { rng: seededRandom(0, 'd') });
    expect(events.slice(1)).toEqual(without);
  });

  it('stream-error: some deltas, then a flat error event, then response.failed with partial usage', () => {
    const events = responseEvents(everything, { rng: seededRandom(0, 'd'), fail: { message: 'boom', countTokens: tokenizer.count } });
    const t = types(events);
    const errorAt = t.indexOf('error');
    expect(t.slice(0, errorAt).some((x) => x.endsWith('.delta'))).toBe(true);
    expect(events[errorAt]).toEqual({ type: 'error', sequence_number: errorAt, code: 'server_error', message: 'boom', param: null });
    expect(t.slice(errorAt + 1)).toEqual(['response.failed']);
    const failed = events.at(-1)?.response as typeof everything;
    expect(failed.status).toBe('failed');
    expect(failed.error).toEqual({ code: 'server_error', message: 'boom' });
    expect(failed.usage?.total_tokens).toBe((failed.usage?.input_tokens ?? 0) + (failed.usage?.output_tokens ?? 0));
    expect(failed.usage?.output_tokens).toBeLessThan(everything.usage?.output_tokens ?? 0);
    events.forEach((e, i) => expect(e.sequence_number).toBe(i));
  });
});
