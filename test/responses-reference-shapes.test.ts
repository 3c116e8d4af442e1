import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { ErrorBodySchema } from '../src/schemas/error-body.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';

const MODEL = 'openai/gpt-4o-mini';

/**
 * Reference shapes of the note A fields (decision 0002): `tool_choice`, `reasoning`, `text`,
 * `truncation` and the function-call input items are checked with the reference's shapes and
 * answered in the spec 7 envelope; `trace`, `stop_server_tools_when` and `route` stay loose.
 */
describe.each(TARGET_KINDS)('reference shapes of note A fields (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), seed: 3 });
  });
  afterAll(() => target.close());

  const post = (body: Record<string, unknown>) =>
    target.fetch('/responses', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ model: MODEL, input: 'Hello', ...body }) });

  const rejected: Array<[string, Record<string, unknown>, string]> = [
    ['tool_choice typo', { tool_choice: 'requried' }, 'tool_choice: must be one of "auto", "none", "required" (got "requried")'],
    ['tool_choice object kind typo', { tool_choice: { type: 'fucntion', name: 'f' } }, 'tool_choice.type: must be one of "function"'],
    ['tool_choice function without name', { tool_choice: { type: 'function' } }, 'tool_choice.name: required'],
    [
      'reasoning.effort typo',
      { reasoning: { effort: 'hgih' } },
      'reasoning.effort: must be one of "max", "xhigh", "high", "medium", "low", "minimal", "none" (got "hgih")',
    ],
    ['reasoning.summary typo', { reasoning: { summary: 'short' } }, 'reasoning.summary: must be one of "auto", "concise", "detailed"'],
    ['reasoning.max_tokens negative', { reasoning: { max_tokens: -1 } }, 'reasoning.max_tokens: must be >= 0'],
    ['reasoning not an object', { reasoning: 'high' }, 'reasoning: expected object'],
    ['truncation not an enum value', { truncation: 'yes' }, 'truncation: must be one of "auto", "disabled" (got "yes")'],
    ['text.format unknown kind', { text: { format: { type: 'yaml' } } }, 'text.format.type: must be one of "text", "json_object", "json_schema" (got "yaml")'],
    ['json_schema without schema', { text: { format: { type: 'json_schema', name: 'x' } } }, 'text.format.schema: required'],
    ['text.verbosity typo', { text: { verbosity: 'loud' } }, 'text.verbosity: must be one of'],
    [
      'function_call_output without call_id',
      {
        input: [
          { role: 'user', content: 'Hi' },
          { type: 'function_call_output', output: '{}' },
        ],
      },
      'input[1].call_id: required (expected string)',
    ],
    ['function_call without arguments', { input: [{ type: 'function_call', call_id: 'c', name: 'f' }] }, 'input[0].arguments: required (expected string)'],
    ['cache_control.ttl not a reference value', { cache_control: { type: 'ephemeral', ttl: '2h' } }, 'cache_control.ttl: must be one of "5m", "1h" (got "2h")'],
    ['metadata key of 65 code points', { metadata: { ['é'.repeat(65)]: 'v' } }, 'at most 64 characters (got 65)'],
  ];
  it.each(rejected)('400 in the error envelope: %s', async (_name, body, message) => {
    const res = await post(body);
    const text = await res.text();
    expect(res.status, text).toBe(400);
    const parsed = ErrorBodySchema.parse(JSON.parse(text));
    expect(parsed.error.code).toBe(400);
    expect(parsed.error.message).toContain(message);
  });

  const accepted: Array<[string, Record<string, unknown>]> = [
    ['every tool_choice mode', { tool_choice: 'none' }],
    ['a hosted tool choice', { tool_choice: { type: 'web_search_preview' } }],
    ['a gateway server tool choice', { tool_choice: { type: 'gateway:datetime' } }],
    [
      'allowed_tools',
      {
        tools: [{ type: 'function', name: 'f', parameters: { type: 'object' } }],
        tool_choice: { type: 'allowed_tools', mode: 'auto', tools: [{ type: 'function', name: 'f' }] },
      },
    ],
    [
      'reasoning with every reference member',
      { reasoning: { effort: 'low', summary: 'concise', enabled: true, max_tokens: 100, exclude: false, mode: 'standard', context: 'auto' } },
    ],
    ['reasoning null and unknown members', { reasoning: null }],
    ['reasoning with an extra member', { reasoning: { effort: 'medium', future_knob: 1 } }],
    ['truncation null', { truncation: null }],
    ['truncation auto', { truncation: 'auto' }],
    ['text.format json_object', { text: { format: { type: 'json_object' } }, input: 'Answer in JSON' }],
    ['a json_schema format', { text: { format: { type: 'json_schema', name: 'x', schema: { type: 'object' }, strict: true } } }],
    ['metadata key of 64 astral code points (128 UTF-16 units)', { metadata: { ['😀'.repeat(64)]: 'v' } }],
    ['cache_control ttl 1h', { cache_control: { type: 'ephemeral', ttl: '1h' } }],
    ['trace, route and stop_server_tools_when of any shape', { trace: [1, 'x'], route: 'fallback', stop_server_tools_when: { anything: true } }],
  ];
  it.each(accepted)('200: %s', async (_name, body) => {
    const res = await post(body);
    expect(res.status, await res.text()).toBe(200);
  });
});
