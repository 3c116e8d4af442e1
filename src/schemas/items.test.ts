import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputItemSchema, OutputItemSchema, OutputMessageSchema } from './items.ts';

const message = (text: string) => ({
  type: 'message',
  id: 'msg_1',
  role: 'assistant',
  status: 'completed',
  content: [
    { type: 'output_text', text, annotations: [{ type: 'url_citation', url: 'https://example.com', title: 'Ex', start_index: 0, end_index: text.length }] },
    { type: 'refusal', refusal: 'no' },
  ],
});

describe('output items (spec 2.3)', () => {
  it('accepts output messages with output_text (annotations incl. url_citation) and refusal parts', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(OutputMessageSchema.safeParse(message(text)).success).toBe(true);
      }),
      { numRuns: 50 },
    );
  });
  it('requires annotations on output text, and role assistant', () => {
    expect(OutputMessageSchema.safeParse({ ...message('x'), content: [{ type: 'output_text', text: 'x' }] }).success).toBe(false);
    expect(OutputMessageSchema.safeParse({ ...message('x'), role: 'user' }).success).toBe(false);
  });
  it('accepts reasoning and function_call items, and other kinds by type', () => {
    const reasoning = {
      type: 'reasoning',
      id: 'rs_1',
      status: 'completed',
      format: 'openai-responses-v1',
      signature: 'sig',
      content: [{ type: 'reasoning_text', text: 't' }],
      summary: [{ type: 'summary_text', text: 's' }],
    };
    const call = { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'f', arguments: '{"a":1}', status: 'completed' };
    for (const item of [
      reasoning,
      { ...reasoning, summary: null },
      call,
      { type: 'web_search_call', id: 'ws', status: 'completed' },
      { type: 'gateway:datetime', id: 'x' },
    ]) {
      expect(OutputItemSchema.safeParse(item).success, item.type).toBe(true);
    }
    expect(OutputItemSchema.safeParse({ ...call, arguments: { a: 1 } }).success).toBe(false);
    expect(OutputItemSchema.safeParse({ id: 'no-type' }).success).toBe(false);
  });
});

describe('input items (spec 2.3)', () => {
  it('accepts easy input messages with or without type, content string/null/parts', () => {
    fc.assert(
      fc.property(fc.constantFrom('user', 'system', 'developer', 'assistant'), fc.boolean(), fc.string(), (role, typed, text) => {
        const base = typed ? { type: 'message', role } : { role };
        expect(InputItemSchema.safeParse({ ...base, content: text }).success).toBe(true);
        expect(InputItemSchema.safeParse({ ...base, content: null }).success).toBe(true);
        expect(InputItemSchema.safeParse({ ...base, content: [{ type: 'input_text', text }] }).success).toBe(true);
      }),
      { numRuns: 50 },
    );
  });
  it('checks the shapes it knows', () => {
    expect(InputItemSchema.safeParse({ role: 'user', content: 5 }).success).toBe(false);
    expect(InputItemSchema.safeParse({ role: 'user', content: [{ type: 'input_text' }] }).success).toBe(false);
    expect(InputItemSchema.safeParse({ type: 'function_call_output', call_id: 1 }).success).toBe(false);
    expect(InputItemSchema.safeParse({ content: 'no role' }).success).toBe(false);
  });
  it('accepts kinds whose shapes are not shown, by type', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z_:]{3,20}$/).filter((t) => !['message', 'reasoning', 'function_call', 'function_call_output'].includes(t)),
        fc.jsonValue(),
        (type, payload) => {
          expect(InputItemSchema.safeParse({ type, payload }).success).toBe(true);
        },
      ),
      { numRuns: 50 },
    );
  });
});
