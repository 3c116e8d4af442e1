import { describe, expect, it } from 'vitest';
import { ResponsesResultSchema, resultOutputText } from './responses-result.ts';
import { KNOWN_STREAM_EVENT_TYPES, StreamEventSchema } from './stream-events.ts';

const usage = {
  input_tokens: 3,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 2,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 5,
};
const item = { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Hi there', annotations: [] }] };
const result = {
  id: 'resp_1',
  object: 'response',
  created_at: 1_700_000_000,
  completed_at: 1_700_000_001,
  status: 'completed',
  model: 'alpha/chat',
  output: [item],
  usage,
  error: null,
  incomplete_details: null,
  instructions: null,
  max_output_tokens: null,
  metadata: {},
  frequency_penalty: null,
  presence_penalty: null,
  temperature: null,
  top_p: null,
  parallel_tool_calls: true,
  tool_choice: 'auto',
  tools: [],
  text: { format: { type: 'text' } },
  service_tier: 'auto',
};

describe('ResponsesResultSchema (spec 2.2)', () => {
  it('accepts the sample result and reads its text', () => {
    const parsed = ResponsesResultSchema.parse(result);
    expect(resultOutputText(parsed)).toBe('Hi there');
    expect(ResponsesResultSchema.safeParse({ ...result, gateway_metadata: { requested: 'alpha/chat', strategy: 'direct' } }).success).toBe(true);
  });
  it('requires usage, a known status and object "response"', () => {
    const { usage: _u, ...noUsage } = result;
    expect(ResponsesResultSchema.safeParse(noUsage).success).toBe(false);
    expect(ResponsesResultSchema.safeParse({ ...result, status: 'done' }).success).toBe(false);
    expect(ResponsesResultSchema.safeParse({ ...result, object: 'chat.completion' }).success).toBe(false);
    expect(ResponsesResultSchema.safeParse({ ...result, status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } }).success).toBe(true);
  });
});

describe('StreamEventSchema (spec 6, reference StreamEvents)', () => {
  const a = { item_id: 'msg_1', output_index: 0, content_index: 0 };
  const events = [
    { type: 'response.created', sequence_number: 0, response: { ...result, status: 'in_progress', completed_at: null, output: [], usage: null } },
    { type: 'response.in_progress', sequence_number: 1, response: { ...result, status: 'in_progress', output: [], usage: undefined } },
    { type: 'response.output_item.added', sequence_number: 2, output_index: 0, item: { ...item, status: 'in_progress', content: [] } },
    { type: 'response.content_part.added', sequence_number: 3, ...a, part: { type: 'output_text', text: '', annotations: [] } },
    { type: 'response.output_text.delta', sequence_number: 4, ...a, delta: 'Hi', logprobs: [] },
    { type: 'response.output_text.done', sequence_number: 5, ...a, text: 'Hi there', logprobs: [] },
    {
      type: 'response.output_text.annotation.added',
      sequence_number: 6,
      ...a,
      annotation_index: 0,
      annotation: { type: 'url_citation', url: 'u', title: 't', start_index: 0, end_index: 1 },
    },
    { type: 'response.content_part.done', sequence_number: 7, ...a, part: { type: 'output_text', text: 'Hi there', annotations: [] } },
    { type: 'response.refusal.delta', sequence_number: 8, ...a, delta: 'no' },
    { type: 'response.refusal.done', sequence_number: 9, ...a, refusal: 'no' },
    { type: 'response.function_call_arguments.delta', sequence_number: 10, item_id: 'fc_1', output_index: 1, delta: '{"a"' },
    { type: 'response.function_call_arguments.done', sequence_number: 11, item_id: 'fc_1', output_index: 1, name: 'f', arguments: '{"a":1}' },
    { type: 'response.reasoning_text.delta', sequence_number: 12, ...a, delta: 'hm' },
    { type: 'response.reasoning_text.done', sequence_number: 13, ...a, text: 'hm' },
    { type: 'response.reasoning_summary_text.delta', sequence_number: 14, item_id: 'rs', output_index: 0, summary_index: 0, delta: 's' },
    { type: 'response.reasoning_summary_text.done', sequence_number: 15, item_id: 'rs', output_index: 0, summary_index: 0, text: 's' },
    { type: 'response.output_item.done', sequence_number: 16, output_index: 0, item },
    { type: 'response.completed', sequence_number: 17, response: result },
    { type: 'response.incomplete', sequence_number: 17, response: { ...result, status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } } },
    { type: 'response.failed', sequence_number: 17, response: { ...result, status: 'failed', error: { code: 'server_error', message: 'boom' } } },
    { type: 'response.debug', sequence_number: 0, debug: { echo_upstream_body: { model: 'x' } } },
    { type: 'error', sequence_number: 5, code: 'server_error', message: 'Upstream failed', param: null },
    { type: 'response.web_search_call.in_progress', sequence_number: 3, item_id: 'ws_1', output_index: 0 },
    { type: 'response.web_search_call.searching', sequence_number: 4, item_id: 'ws_1', output_index: 0 },
    { type: 'response.web_search_call.completed', sequence_number: 5, item_id: 'ws_1', output_index: 0 },
  ];

  it('accepts one event of each type the simulator emits', () => {
    for (const event of events) expect(StreamEventSchema.safeParse(event).success, event.type).toBe(true);
    expect(new Set(events.map((e) => e.type)).size).toBeGreaterThanOrEqual(KNOWN_STREAM_EVENT_TYPES.length - 2);
  });

  it('checks spec 6.4 text delta fields and terminal usage', () => {
    const delta = events[4]!;
    for (const key of ['item_id', 'output_index', 'content_index', 'delta', 'logprobs', 'sequence_number']) {
      const { [key]: _drop, ...rest } = delta as Record<string, unknown>;
      expect(StreamEventSchema.safeParse(rest).success, key).toBe(false);
    }
    const { usage: _u, ...noUsage } = result;
    expect(StreamEventSchema.safeParse({ type: 'response.completed', sequence_number: 9, response: noUsage }).success).toBe(false);
    expect(StreamEventSchema.safeParse({ type: 'response.unknown', sequence_number: 1 }).success).toBe(false);
  });
});
