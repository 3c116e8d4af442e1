import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ruleBreakingRequestArb, RESPONSES_BOUNDARIES, validResponsesRequestArb } from '../../conformance/operations/responses/request-arbitraries.ts';
import { LOOSE_NOTE_A_FIELDS, ResponsesRequestSchema, RESPONSES_LIMITS } from './responses-request.ts';

const models = ['alpha/chat', 'beta/chat'];
const base = { model: 'alpha/chat', input: 'Hello' };
const parse = (body: unknown) => ResponsesRequestSchema.safeParse(body);

describe('ResponsesRequestSchema (spec 2.1)', () => {
  it('accepts the smallest request and an empty body (no field is required)', () => {
    expect(parse(base).success).toBe(true);
    expect(parse({}).success).toBe(true);
  });

  it('accepts every valid arbitrary request and keeps its fields', () => {
    fc.assert(
      fc.property(validResponsesRequestArb({ models }), (request) => {
        const result = parse(JSON.parse(JSON.stringify(request)));
        expect(result.success).toBe(true);
        expect(result.data?.model).toBe(request.model);
      }),
      { numRuns: 150 },
    );
  });

  it('rejects every 400 rule-breaking request at the schema level', () => {
    fc.assert(
      fc.property(
        ruleBreakingRequestArb({ models }).filter((c) => c.status === 400),
        (c) => {
          expect(parse(c.request).success).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('leaves 422 conflicts to the validator (the schema accepts them)', () => {
    fc.assert(
      fc.property(
        ruleBreakingRequestArb({ models }).filter((c) => c.status === 422),
        (c) => {
          expect(parse(c.request).success).toBe(true);
        },
      ),
      { numRuns: 50 },
    );
  });

  it.each(RESPONSES_BOUNDARIES.map((b) => [b.name, b] as const))('boundary %s: last accepted, first rejected', (_name, b) => {
    expect(parse({ ...base, ...b.accepted }).success).toBe(true);
    expect(parse({ ...base, ...b.rejected }).success).toBe(false);
  });

  it.each(LOOSE_NOTE_A_FIELDS.map((f) => [f]))('accepts note-A field %s whatever its shape (neither spec nor reference shapes it)', (field) => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(parse({ ...base, [field]: value }).success).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('accepts unknown top-level fields (clients send extras)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^x_[a-z_]{1,12}$/), fc.jsonValue(), (key, value) => {
        expect(parse({ ...base, [key]: value }).success).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('accepts the reference shapes of note-A fields', () => {
    const body = {
      ...base,
      reasoning: { effort: 'high', summary: 'auto' },
      text: { format: { type: 'json_schema', name: 'x', schema: { type: 'object' } }, verbosity: 'low' },
      tool_choice: { type: 'allowed_tools', mode: 'auto', tools: [{ type: 'function', name: 'f' }] },
      tools: [{ type: 'function', name: 'f', parameters: { type: 'object' } }],
      truncation: 'auto',
      trace: { trace_id: 't1', custom: 1 },
      stop_server_tools_when: [{ type: 'max_steps', value: 3 }],
      route: 'fallback',
    };
    expect(parse(body).success).toBe(true);
  });

  it('accepts input items of kinds whose shapes are not shown, by type', () => {
    const kinds = ['item_reference', 'mcp_list_tools', 'compaction', 'gateway:web_search', 'local_shell_call_output', 'agent_message'];
    fc.assert(
      fc.property(fc.constantFrom(...kinds), fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), fc.jsonValue(), { maxKeys: 3 }), (type, extra) => {
        expect(parse({ ...base, input: [{ ...extra, type }] }).success).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('accepts an assistant output message, reasoning and function call items sent back as input', () => {
    const input = [
      { role: 'user', content: 'Weather?' },
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'think' }], content: null },
      { type: 'function_call', call_id: 'c1', name: 'get_weather', arguments: '{}' },
      { type: 'function_call_output', call_id: 'c1', output: '{"t":20}' },
      { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Sunny', annotations: [] }] },
      { type: 'message', role: 'assistant', content: null },
      {
        role: 'user',
        content: [
          { type: 'input_text', text: 'Thanks' },
          { type: 'input_image', detail: 'auto', image_url: 'https://x/y.png' },
        ],
      },
    ];
    expect(parse({ ...base, input }).success).toBe(true);
  });

  it('accepts every server tool kind by type, including gateway:<name>', () => {
    const tools = [
      { type: 'gateway:web_search' },
      { type: 'gateway:web_fetch', max_uses: 2 },
      { type: 'web_search_preview' },
      { type: 'mcp', server_label: 's' },
    ];
    expect(parse({ ...base, tools }).success).toBe(true);
  });

  it('accepts null where the spec says "or null"', () => {
    const nulls = [
      'background',
      'frequency_penalty',
      'include',
      'instructions',
      'max_output_tokens',
      'max_tool_calls',
      'metadata',
      'parallel_tool_calls',
      'presence_penalty',
      'previous_response_id',
      'prompt',
      'prompt_cache_key',
      'prompt_cache_options',
      'safety_identifier',
      'service_tier',
      'temperature',
      'top_logprobs',
      'top_p',
    ];
    for (const field of nulls) expect(parse({ ...base, [field]: null }).success, field).toBe(true);
  });

  it('defaults are not injected: the parsed request echoes what was sent', () => {
    const result = parse(base);
    expect(result.data).toEqual(base);
    expect(RESPONSES_LIMITS.maxToolCallsDefault).toBe(30);
  });
});
