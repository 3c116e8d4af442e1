import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../errors/gateway-error.ts';
import { ResponsesRequestSchema } from '../../schemas/responses-request.ts';
import { MessagesRequestSchema, type MessagesRequest } from '../../schemas/messages-request.ts';
import { toCanonicalRequest, type CanonicalMessagesRequest } from './to-canonical-request.ts';

const base = { model: 'anthropic/claude-sonnet-4.5', max_tokens: 2048, messages: [{ role: 'user', content: 'Hello' }] };
const parse = (body: Record<string, unknown>) => MessagesRequestSchema.parse({ ...base, ...body }) as MessagesRequest;
const canonical = (body: Record<string, unknown>): CanonicalMessagesRequest => {
  const out = toCanonicalRequest(parse(body));
  if (out instanceof GatewayError) throw out;
  // Every translation is a valid canonical request.
  expect(ResponsesRequestSchema.safeParse(out.request).success).toBe(true);
  return out;
};

describe('MessagesRequestSchema', () => {
  it('accepts what the Anthropic SDK sends: system blocks, images, documents, tool use and results, thinking, tools, metadata', () => {
    const body = {
      ...base,
      system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in this image and document?' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
            { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'A note.' }, title: 'note' },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Hmm.', signature: 'sig' },
            { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '18 C' }] },
      ],
      tools: [
        { name: 'get_weather', description: 'Weather', input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
        { type: 'web_search_20250305', name: 'web_search', max_uses: 2 },
      ],
      tool_choice: { type: 'auto', disable_parallel_tool_use: true },
      thinking: { type: 'enabled', budget_tokens: 1024 },
      stop_sequences: ['END'],
      metadata: { user_id: 'user-1' },
      temperature: 0.5,
      top_k: 5,
      provider: { sort: 'price' },
      plugins: [{ id: 'response-healing' }],
      session_id: 'sess-1',
    };
    expect(MessagesRequestSchema.safeParse(body).success).toBe(true);
  });

  it.each([
    ['max_tokens of 0', { max_tokens: 0 }, 'max_tokens'],
    ['a fractional max_tokens', { max_tokens: 1.5 }, 'max_tokens'],
    ['a message without content', { messages: [{ role: 'user' }] }, 'messages'],
    ['an unknown role', { messages: [{ role: 'tool', content: 'x' }] }, 'role'],
    ['a tool without input_schema', { tools: [{ name: 'f' }] }, 'tools'],
    ['tool_choice tool without name', { tool_choice: { type: 'tool' } }, 'tool_choice'],
    ['a thinking budget under 1024', { thinking: { type: 'enabled', budget_tokens: 100 } }, 'thinking'],
    ['an empty stop sequence', { stop_sequences: [''] }, 'stop_sequences'],
    [
      'a bad image media type',
      { messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/bmp', data: 'x' } }] }] },
      'media_type',
    ],
    ['a provider preference typo', { provider: { sortt: 'price' } }, 'provider'],
  ])('refuses %s', (_name, body, path) => {
    const result = MessagesRequestSchema.safeParse({ ...base, ...body });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain(path);
  });
});

describe('toCanonicalRequest', () => {
  it('maps model, system, max_tokens, sampling, metadata and the gateway members', () => {
    const { request } = canonical({
      system: 'Be brief.',
      temperature: 0.3,
      top_p: 0.9,
      top_k: 4,
      metadata: { user_id: 'u1' },
      models: ['a/b'],
      provider: { sort: 'price' },
      session_id: 's1',
    });
    expect(request).toMatchObject({
      model: 'anthropic/claude-sonnet-4.5',
      instructions: 'Be brief.',
      max_output_tokens: 2048,
      temperature: 0.3,
      top_p: 0.9,
      top_k: 4,
      metadata: { user_id: 'u1' },
      user: 'u1',
      models: ['a/b'],
      provider: { sort: 'price' },
      session_id: 's1',
      input: [{ role: 'user', content: 'Hello' }],
    });
  });

  it('leaves the output budget open when max_tokens is absent (reference MessagesRequest: optional)', () => {
    const { request } = canonical({ max_tokens: undefined });
    expect(request.max_output_tokens).toBeUndefined();
  });

  it('joins system blocks into the instructions', () => {
    expect(
      canonical({
        system: [
          { type: 'text', text: 'One.' },
          { type: 'text', text: 'Two.' },
        ],
      }).request.instructions,
    ).toBe('One.\n\nTwo.');
  });

  it('turns tool_use and tool_result blocks into function calls and outputs with the same ids', () => {
    const { request } = canonical({
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Checking.' },
            { type: 'tool_use', id: 'toolu_9', name: 'get_weather', input: { city: 'Paris' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_9', content: [{ type: 'text', text: '18 C' }] },
            { type: 'text', text: 'Thanks' },
          ],
        },
      ],
    });
    expect(request.input).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: [{ type: 'output_text', text: 'Checking.', annotations: [] }] },
      { type: 'function_call', call_id: 'toolu_9', name: 'get_weather', arguments: '{"city":"Paris"}' },
      { type: 'function_call_output', call_id: 'toolu_9', output: [{ type: 'input_text', text: '18 C' }] },
      { role: 'user', content: [{ type: 'input_text', text: 'Thanks' }] },
    ]);
  });

  it('marks an errored tool result, and keeps images and documents as media parts', () => {
    const { request } = canonical({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't', content: 'boom', is_error: true },
            { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
            { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' }, title: 'a.pdf' },
          ],
        },
      ],
    });
    expect(request.input).toEqual([
      { type: 'function_call_output', call_id: 't', output: 'Error: boom' },
      {
        role: 'user',
        content: [
          { type: 'input_image', image_url: 'https://example.com/a.png', detail: 'auto' },
          { type: 'input_file', filename: 'a.pdf', file_data: 'data:application/pdf;base64,JVBERi0=' },
        ],
      },
    ]);
  });

  it('maps custom tools to function tools and tool_choice to the canonical choice', () => {
    const tool = { name: 'get_weather', description: 'Weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } };
    const cases: Array<[Record<string, unknown>, unknown, boolean | undefined]> = [
      [{ type: 'auto' }, 'auto', undefined],
      [{ type: 'any', disable_parallel_tool_use: true }, 'required', false],
      [{ type: 'none' }, 'none', undefined],
      [{ type: 'tool', name: 'get_weather' }, { type: 'function', name: 'get_weather' }, undefined],
    ];
    for (const [choice, expected, parallel] of cases) {
      const { request } = canonical({ tools: [tool], tool_choice: choice });
      expect(request.tools).toEqual([{ type: 'function', name: 'get_weather', description: 'Weather', parameters: tool.input_schema }]);
      expect(request.tool_choice).toEqual(expected);
      expect(request.parallel_tool_calls).toBe(parallel);
    }
  });

  it('switches reasoning off unless thinking is enabled, and bounds it by the budget', () => {
    expect(canonical({}).request.reasoning).toEqual({ enabled: false });
    expect(canonical({ thinking: { type: 'disabled' } }).request.reasoning).toEqual({ enabled: false });
    expect(canonical({ thinking: { type: 'enabled', budget_tokens: 1500 } }).request.reasoning).toEqual({ max_tokens: 1500 });
    expect(canonical({ thinking: { type: 'adaptive' }, output_config: { effort: 'high' } }).request.reasoning).toEqual({ effort: 'high' });
  });

  it('asks for structured output with output_config.format, and carries stop_sequences as the canonical stop sequences', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const out = canonical({ output_config: { format: { type: 'json_schema', schema } }, stop_sequences: ['END', '\n\n'] });
    expect(out.request.text).toEqual({ format: { type: 'json_schema', name: 'output', schema, strict: true } });
    expect(out.request.stop_sequences).toEqual(['END', '\n\n']);
  });

  it('puts the model and its fallbacks in models', () => {
    expect(canonical({ fallbacks: [{ model: 'openai/gpt-5' }] }).request.models).toEqual(['anthropic/claude-sonnet-4.5', 'openai/gpt-5']);
  });

  it.each([
    ['a thinking budget not below max_tokens', { max_tokens: 2000, thinking: { type: 'enabled', budget_tokens: 2000 } }, 'thinking.budget_tokens'],
    ['fallbacks with models', { models: ['a/b'], fallbacks: [{ model: 'c/d' }] }, 'fallbacks'],
    ['tool_choice naming an unknown tool', { tools: [], tool_choice: { type: 'tool', name: 'nope' } }, 'tool_choice.name'],
    ['tool_choice any without tools', { tool_choice: { type: 'any' } }, 'tool_choice'],
  ])('answers 400 for %s', (_name, body, field) => {
    const out = toCanonicalRequest(parse(body));
    expect(out).toBeInstanceOf(GatewayError);
    expect((out as GatewayError).status).toBe(400);
    expect((out as GatewayError).message.startsWith(field)).toBe(true);
  });
});
