import fc from 'fast-check';
import { stringMatching } from '../../arbitraries/string-matching.ts';
import type { JsonRequest } from './request-arbitraries.ts';

/**
 * Requests that break one reference shape of a field the spec leaves "not shown" (spec 2.1 note A,
 * 2.3, 2.4.1): `tool_choice`, `reasoning`, `text`, `truncation`, the function-call input items,
 * `cache_control.ttl` and the `gateway:web_fetch` tool's `parameters`. Each group pairs the
 * violations with requests at the same place that the reference allows. Pure data; no network.
 */
export interface ReferenceShapeGroup {
  /** The catalogue rule the group judges. */
  readonly rule: string;
  /** Request parts that break only that rule (merged into a small valid request). */
  readonly violating: fc.Arbitrary<JsonRequest>;
  /** Request parts the reference allows at the same place: each must be served. */
  readonly accepted: readonly JsonRequest[];
}

const word = stringMatching(/^[a-z]{1,10}$/);
/** A misspelling that is never a listed value: a word glued to a real one (`a_auto`). */
const typo = (real: string) => word.map((w) => `${w}_${real}`);
const FUNCTION_F = { type: 'function', name: 'f', parameters: { type: 'object', properties: {} } };

/**
 * The groups, keyed by check: every value a shrink reaches still breaks the rule.
 *
 * @example
 * fc.sample(REFERENCE_SHAPE_GROUPS.truncation.violating, 1); // [{ truncation: 'a_auto' }]
 */
export const REFERENCE_SHAPE_GROUPS = {
  toolChoice: {
    rule: 'request.tool-choice-shape',
    violating: fc.oneof(
      typo('required').map((v) => ({ tool_choice: v })),
      typo('function').map((type) => ({ tools: [FUNCTION_F], tool_choice: { type, name: 'f' } })),
    ),
    accepted: [{ tool_choice: 'none' }, { tools: [FUNCTION_F], tool_choice: { type: 'function', name: 'f' } }],
  },
  reasoning: {
    rule: 'request.reasoning-shape',
    violating: fc.oneof(
      typo('high').map((effort) => ({ reasoning: { effort } })),
      typo('concise').map((summary) => ({ reasoning: { summary } })),
      fc.integer({ min: -1000, max: -1 }).map((n) => ({ reasoning: { max_tokens: n } })),
      fc.constantFrom('high', 1, true).map((v) => ({ reasoning: v })),
    ),
    accepted: [{ reasoning: { effort: 'low', summary: 'concise' } }],
  },
  text: {
    rule: 'request.text-shape',
    violating: fc.oneof(
      typo('json').map((type) => ({ text: { format: { type } } })),
      fc.constant({ text: { format: { type: 'json_schema', name: 'answer' } } }),
      typo('low').map((verbosity) => ({ text: { verbosity } })),
    ),
    accepted: [{ text: { format: { type: 'text' }, verbosity: 'low' } }],
  },
  truncation: {
    rule: 'request.truncation-shape',
    violating: fc.oneof(typo('auto'), fc.constantFrom<unknown>(true, 1)).map((v) => ({ truncation: v })),
    accepted: [{ truncation: 'disabled' }],
  },
  inputItems: {
    rule: 'request.input-item-shape',
    violating: fc.oneof(
      fc.constant({
        input: [
          { role: 'user', content: 'Hi' },
          { type: 'function_call_output', output: '{}' },
        ],
      }),
      fc.constant({
        input: [
          { role: 'user', content: 'Hi' },
          { type: 'function_call', call_id: 'call_1', name: 'f' },
        ],
      }),
    ),
    accepted: [
      {
        tools: [FUNCTION_F],
        input: [
          { role: 'user', content: 'Call f.' },
          { type: 'function_call', call_id: 'call_1', name: 'f', arguments: '{}' },
          { type: 'function_call_output', call_id: 'call_1', output: '{"ok":true}' },
        ],
      },
    ],
  },
  cacheTtl: {
    rule: 'request.cache-ttl',
    violating: fc.oneof(fc.constantFrom('2h', '10m', '1d', '5M', '60m'), typo('1h')).map((ttl) => ({ cache_control: { type: 'ephemeral', ttl } })),
    accepted: [{ cache_control: { type: 'ephemeral', ttl: '1h' } }],
  },
  webFetchParameters: {
    rule: 'request.server-tool-parameters',
    violating: fc
      .oneof(
        fc.constantFrom<unknown>('ten', 1.5, true).map((v) => ({ max_uses: v })),
        fc.constantFrom<unknown>('many', 2.5).map((v) => ({ max_content_tokens: v })),
        typo('exa').map((engine) => ({ engine })),
        fc.constantFrom<unknown>('example.com', [1]).map((v) => ({ allowed_domains: v })),
      )
      .map((parameters) => ({ tools: [{ type: 'gateway:web_fetch', parameters }] })),
    accepted: [
      { tools: [{ type: 'gateway:web_fetch', parameters: { max_uses: 1, max_content_tokens: 100, engine: 'auto', allowed_domains: ['example.com'] } }] },
    ],
  },
} as const satisfies Record<string, ReferenceShapeGroup>;
