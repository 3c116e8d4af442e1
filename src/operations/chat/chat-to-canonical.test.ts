import { describe, expect, it } from 'vitest';
import { ChatRequestSchema } from '../../schemas/chat-request.ts';
import { ResponsesRequestSchema } from '../../schemas/responses-request.ts';
import { chatToCanonical } from './chat-to-canonical.ts';

const canonical = (body: unknown) => chatToCanonical(ChatRequestSchema.parse(body));

describe('chatToCanonical', () => {
  it('a plain conversation is the Responses request of the same input items, nothing added', () => {
    expect(
      canonical({
        model: 'm',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
        ],
      }),
    ).toEqual({
      model: 'm',
      input: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ],
    });
  });

  it('assistant tool calls become function_call items, tool messages their outputs; parts become input parts', () => {
    const out = canonical({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look' },
            { type: 'image_url', image_url: { url: 'https://x/a.png' } },
            { type: 'file', file: { filename: 'a.pdf', file_data: 'https://x/a.pdf' } },
          ],
        },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: 'done' },
        { role: 'assistant', content: 'Said.', refusal: 'But no.' },
      ],
    });
    expect(out.input).toEqual([
      {
        role: 'user',
        content: [
          { type: 'input_text', text: 'Look' },
          { type: 'input_image', image_url: 'https://x/a.png', detail: 'auto' },
          { type: 'input_file', filename: 'a.pdf', file_url: 'https://x/a.pdf' },
        ],
      },
      { type: 'function_call', call_id: 'call_1', name: 'f', arguments: '{"a":1}' },
      { type: 'function_call_output', call_id: 'call_1', output: 'done' },
      {
        role: 'assistant',
        content: [
          { type: 'output_text', text: 'Said.', annotations: [] },
          { type: 'refusal', refusal: 'But no.' },
        ],
      },
    ]);
  });

  it('maps tools, tool_choice, response_format, reasoning_effort, max tokens and service tier to their canonical members', () => {
    const out = canonical({
      messages: [{ role: 'user', content: 'x' }],
      tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' }, strict: true } }, { type: 'gateway:web_search' }],
      tool_choice: { type: 'function', function: { name: 'f' } },
      response_format: { type: 'json_schema', json_schema: { name: 'o', schema: { type: 'object' }, strict: true } },
      reasoning_effort: 'high',
      max_tokens: 50,
      max_completion_tokens: 40,
      service_tier: 'fast',
      stream: true,
      stream_options: { include_usage: true },
      seed: 7,
    });
    expect(out).toMatchObject({
      tools: [{ type: 'function', name: 'f', parameters: { type: 'object' }, strict: true }, { type: 'gateway:web_search' }],
      tool_choice: { type: 'function', name: 'f' },
      text: { format: { type: 'json_schema', name: 'o', schema: { type: 'object' }, strict: true } },
      reasoning: { effort: 'high' },
      max_output_tokens: 40,
      service_tier: 'priority',
      stream: true,
      seed: 7,
    });
    expect(out).not.toHaveProperty('stream_options');
    expect(canonical({ messages: [{ role: 'user', content: 'x' }], response_format: { type: 'json_schema', json_schema: { name: 'o' } } }).text).toEqual({
      format: { type: 'json_object' },
    });
  });

  it('the canonical request of a valid chat request is a valid Responses request', () => {
    const out = canonical({
      model: 'm',
      messages: [
        { role: 'developer', content: [{ type: 'text', text: 'Rules' }] },
        { role: 'user', content: [{ type: 'input_audio', input_audio: { data: 'AAAA', format: 'wav' } }] },
        { role: 'assistant', content: 'ok', tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'c', content: [{ type: 'text', text: 'r' }] },
      ],
      tools: [{ type: 'function', function: { name: 'f' } }],
      tool_choice: 'auto',
      metadata: { a: 'b' },
      provider: { sort: 'price' },
      plugins: [{ id: 'web' }],
      reasoning: { effort: 'low', summary: 'auto' },
    });
    expect(ResponsesRequestSchema.safeParse(out).error).toBeUndefined();
  });
});
