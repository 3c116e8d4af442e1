import fc from 'fast-check';
import { stringMatching } from '../../arbitraries/string-matching.ts';
import { RESPONSES_LIMITS } from '../../../src/schemas/responses-request.ts';
import { PLUGIN_IDS } from '../../../src/schemas/plugins.ts';

/**
 * fast-check arbitraries for the Responses request (spec 2.1-2.5): requests a correct gateway must
 * serve, requests that break exactly one rule, and the exact boundary values. Pure data; no network.
 */

export interface ResponsesArbOptions {
  /** Model ids the target serves; the arbitraries use only these. */
  readonly models: readonly string[];
}

export type JsonRequest = Record<string, unknown>;

const L = RESPONSES_LIMITS;

// ---------------------------------------------------------------------------------------------
// Valid requests
// ---------------------------------------------------------------------------------------------

const prompt = fc.string({ minLength: 1, maxLength: 80 }).filter((s) => s.trim().length > 0);

/** Metadata keys: 1..64 characters, no brackets (spec 2.1), never a prototype-polluting name. */
export const metadataKeyArb = fc
  .string({ minLength: 1, maxLength: L.metadataKeyMaxChars })
  .filter((k) => !/[[\]]/.test(k) && k !== '__proto__' && k !== 'constructor' && k !== 'prototype');

/** A metadata map within every bound of spec 2.1 (keys, values and pair count at or under the limits). */
export const validMetadataArb = fc.dictionary(metadataKeyArb, fc.string({ maxLength: L.metadataValueMaxChars }), {
  maxKeys: L.metadataMaxPairs,
  noNullPrototype: true,
});

const messageArb = fc.record(
  {
    type: fc.constant('message' as const),
    role: fc.constantFrom('user', 'system', 'developer', 'assistant'),
    content: prompt,
  },
  { requiredKeys: ['role', 'content'] },
);

/** `input`: a plain prompt, or a conversation of messages that ends with a user turn. */
export const validInputArb = fc.oneof(
  prompt,
  fc.tuple(fc.array(messageArb, { maxLength: 4 }), prompt).map(([history, last]) => [...history, { role: 'user', content: last }]),
);

const functionNameArb = stringMatching(/^[a-z][a-z0-9_]{0,20}$/);

/** Function tools with distinct names (spec 2.4.1). */
export const functionToolsArb = fc.uniqueArray(functionNameArb, { minLength: 1, maxLength: 3 }).chain((names) =>
  fc.tuple(
    ...names.map((name) =>
      fc.record(
        {
          type: fc.constant('function' as const),
          name: fc.constant(name),
          description: fc.string({ maxLength: 40 }),
          parameters: fc.constant({ type: 'object', properties: { q: { type: 'string' } } }),
        },
        { requiredKeys: ['type', 'name', 'parameters'] },
      ),
    ),
  ),
);

/** Plugins switched off (spec 2.5 `enabled: false`): schema-checked, but they cannot change the outcome. */
const disabledPluginsArb = fc.uniqueArray(
  fc.constantFrom(...PLUGIN_IDS.filter((id) => id !== 'moderation')).map((id) => ({ id, enabled: false })),
  { maxLength: 3, selector: (p) => p.id },
);

/**
 * Requests a correct gateway must answer with 200, using only `models`.
 *
 * Kept to fields that cannot legitimately fail: `model`, `input` (string or messages),
 * `instructions`, `metadata` within bounds, `temperature` 0..2, `top_p` 0..1,
 * `max_output_tokens` >= 16, function tools (with `tool_choice` `auto`), `text.verbosity`,
 * `session_id`, `user`, provider preferences that never exclude an endpoint (`allow_fallbacks`,
 * `sort` by price/throughput/latency, `data_collection: allow`), disabled plugins, `store: false`,
 * `previous_response_id: null`, `max_tool_calls` 0..30, `parallel_tool_calls`, `service_tier`
 * `auto`/null.
 *
 * Excluded, because a correct gateway may answer them with something other than 200:
 * `models` fallback lists and provider `order`/`only`/`ignore`/`quantizations`/`zdr`/`max_price`/
 * `data_collection: deny` (may leave no endpoint: 404/503), enabled plugins (moderation 403,
 * pareto-router 404, fusion and web change routing), non-function tools (server tools vary by
 * model), `reasoning`, `modalities: ["image"]`, `prompt` (stored templates may not exist),
 * `cache_control`/`prompt_cache_options` (model family specific), `background: true`, `stream`
 * (a separate suite), and `debug`.
 *
 * @example
 * fc.assert(fc.asyncProperty(validResponsesRequestArb({ models: ['alpha/chat'] }), async (req) => { ... }));
 */
export function validResponsesRequestArb({ models }: ResponsesArbOptions): fc.Arbitrary<JsonRequest> {
  if (models.length === 0) throw new Error('validResponsesRequestArb: models must not be empty');
  const withTools = functionToolsArb.map((tools) => ({ tools, tool_choice: 'auto' }));
  return fc
    .tuple(
      fc.record(
        {
          model: fc.constantFrom(...models),
          input: validInputArb,
          instructions: fc.string({ maxLength: 80 }),
          metadata: validMetadataArb,
          temperature: fc.double({ min: 0, max: 2, noNaN: true, noDefaultInfinity: true }),
          top_p: fc.double({ min: 0, max: 1, noNaN: true, noDefaultInfinity: true }),
          max_output_tokens: fc.integer({ min: 16, max: 4096 }),
          text: fc.constantFrom({ verbosity: 'low' }, { verbosity: 'medium' }, { format: { type: 'text' } }),
          session_id: fc.string({ minLength: 1, maxLength: L.sessionIdMaxChars }),
          user: fc.string({ maxLength: L.userMaxChars }),
          provider: fc.record(
            {
              allow_fallbacks: fc.boolean(),
              sort: fc.oneof(
                fc.constantFrom('price', 'throughput', 'latency'),
                fc.constantFrom('price', 'latency').map((by) => ({ by })),
              ),
              data_collection: fc.constant('allow'),
            },
            { requiredKeys: [] },
          ),
          plugins: disabledPluginsArb,
          store: fc.constant(false),
          previous_response_id: fc.constant(null),
          max_tool_calls: fc.integer({ min: 0, max: L.maxToolCallsMax }),
          parallel_tool_calls: fc.boolean(),
          service_tier: fc.constantFrom('auto', null),
        },
        { requiredKeys: ['model', 'input'] },
      ),
      fc.option(withTools, { nil: undefined }),
    )
    .map(([request, tools]) => ({ ...request, ...tools }));
}

// ---------------------------------------------------------------------------------------------
// Rule-breaking requests
// ---------------------------------------------------------------------------------------------

/** One request that breaks exactly one rule, and what a correct gateway answers. */
export interface RuleBreakingRequest {
  request: JsonRequest;
  /** A name the error message must contain (the field, or the offending key). */
  field: string;
  /** The full path as the simulator prints it, e.g. `plugins[0].cost_quality_tradeoff`. */
  path: string;
  /** The rule, for reports, e.g. `session_id at most 256 characters`. */
  rule: string;
  /** The spec section the rule comes from. */
  spec: string;
  status: 400 | 422;
}

type Breaker = fc.Arbitrary<Omit<RuleBreakingRequest, 'request'> & { patch: JsonRequest }>;

const past = (limit: number, extra = 200) => fc.integer({ min: limit + 1, max: limit + extra });
const pairs = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']));
const rule = (field: string, path: string, text: string, spec: string, status: 400 | 422 = 400) => ({ field, path, rule: text, spec, status });
const plugin = (p: JsonRequest) => ({ plugins: [p] });

/** Limits and types of the top-level fields (spec 2.1, 8). */
function fieldBreakers(): Record<string, Breaker> {
  return {
    sessionIdLength: past(L.sessionIdMaxChars).map((n) => ({
      patch: { session_id: 's'.repeat(n) },
      ...rule('session_id', 'session_id', 'session_id at most 256 characters', 'spec 2.1, 8'),
    })),
    userLength: past(L.userMaxChars).map((n) => ({ patch: { user: 'u'.repeat(n) }, ...rule('user', 'user', 'user at most 256 characters', 'spec 2.1, 8') })),
    metadataPairs: past(L.metadataMaxPairs, 30).map((n) => ({
      patch: { metadata: pairs(n) },
      ...rule('metadata', 'metadata', 'metadata at most 16 pairs', 'spec 2.1, 8'),
    })),
    metadataKeyLength: past(L.metadataKeyMaxChars).map((n) => ({
      patch: { metadata: { ['k'.repeat(n)]: 'v' } },
      ...rule('metadata', `metadata.${'k'.repeat(n)}`, 'metadata keys at most 64 characters', 'spec 2.1, 8'),
    })),
    metadataKeyBrackets: fc
      .tuple(stringMatching(/^[a-z]{0,6}$/), fc.constantFrom('[', ']'), stringMatching(/^[a-z]{0,6}$/))
      .map(([a, b, c]) => `${a}${b}${c}`)
      .map((key) => ({
        patch: { metadata: { [key]: 'v' } },
        ...rule('metadata', `metadata[${JSON.stringify(key)}]`, 'metadata keys without brackets', 'spec 2.1, 8'),
      })),
    metadataValueLength: past(L.metadataValueMaxChars).map((n) => ({
      patch: { metadata: { k: 'v'.repeat(n) } },
      ...rule('metadata', 'metadata.k', 'metadata values at most 512 characters', 'spec 2.1, 8'),
    })),
    maxToolCalls: past(L.maxToolCallsMax, 1000).map((n) => ({
      patch: { max_tool_calls: n },
      ...rule('max_tool_calls', 'max_tool_calls', 'max_tool_calls at most 30', 'spec 2.1, 8'),
    })),
    maxToolCallsInteger: fc
      .constantFrom(1.5, 29.9, '30')
      .map((v) => ({ patch: { max_tool_calls: v }, ...rule('max_tool_calls', 'max_tool_calls', 'max_tool_calls is an integer', 'spec 2.1') })),
    store: fc.constantFrom(true, 'false', 1).map((v) => ({ patch: { store: v }, ...rule('store', 'store', 'store is the constant false', 'spec 2.1') })),
    previousResponseId: fc
      .oneof(
        fc.string({ minLength: 1, maxLength: 30 }).map((s) => `resp_${s}`),
        fc.constant(''),
        fc.constant(0),
      )
      .map((v) => ({
        patch: { previous_response_id: v },
        ...rule('previous_response_id', 'previous_response_id', 'non-null previous_response_id rejected', 'spec 2.1, 7'),
      })),
  };
}

/** The provider preferences (spec 2.4). */
function providerBreakers(word: fc.Arbitrary<string>): Record<string, Breaker> {
  return {
    providerUnknownProperty: word.map((key) => ({
      patch: { provider: { [`x_${key}`]: true } },
      ...rule(`x_${key}`, `provider.x_${key}`, 'provider accepts only its listed properties', 'spec 2.4'),
    })),
    providerSort: word.map((v) => ({
      patch: { provider: { sort: `by_${v}` } },
      ...rule('sort', 'provider.sort', 'provider.sort enum', 'spec 2.4 (reference ProviderSort)'),
    })),
    providerDataCollection: word.map((v) => ({
      patch: { provider: { data_collection: `${v}_x` } },
      ...rule('data_collection', 'provider.data_collection', 'provider.data_collection is allow or deny', 'spec 2.4'),
    })),
    providerQuantizations: word.map((v) => ({
      patch: { provider: { quantizations: [`q_${v}`] } },
      ...rule('quantizations', 'provider.quantizations[0]', 'provider.quantizations enum', 'spec 2.4 (reference Quantization)'),
    })),
    providerAllowFallbacksType: fc.constantFrom('yes', 1).map((v) => ({
      patch: { provider: { allow_fallbacks: v } },
      ...rule('allow_fallbacks', 'provider.allow_fallbacks', 'provider.allow_fallbacks is boolean or null', 'spec 2.4'),
    })),
  };
}

/** Enums and member types of spec 2.1. */
function enumAndTypeBreakers(word: fc.Arbitrary<string>): Record<string, Breaker> {
  return {
    include: word.map((v) => ({ patch: { include: [`${v}.results`] }, ...rule('include', 'include[0]', 'include enum', 'spec 2.1') })),
    modalities: fc
      .constantFrom('audio', 'video', 'TEXT')
      .map((v) => ({ patch: { modalities: [v] }, ...rule('modalities', 'modalities[0]', 'modalities are text or image', 'spec 2.1') })),
    serviceTier: fc
      .constantFrom('ultra', 'premium', 'AUTO')
      .map((v) => ({ patch: { service_tier: v }, ...rule('service_tier', 'service_tier', 'service_tier enum', 'spec 2.1') })),
    temperatureType: fc
      .constantFrom('hot', true)
      .map((v) => ({ patch: { temperature: v }, ...rule('temperature', 'temperature', 'temperature is a number or null', 'spec 2.1') })),
    streamType: fc.constantFrom('yes', 1, null).map((v) => ({ patch: { stream: v }, ...rule('stream', 'stream', 'stream is boolean', 'spec 2.1') })),
    sessionIdType: fc
      .constantFrom(42, null, true)
      .map((v) => ({ patch: { session_id: v }, ...rule('session_id', 'session_id', 'session_id is a string', 'spec 2.1') })),
    debugType: fc.constantFrom('yes', 1).map((v) => ({
      patch: { debug: { echo_upstream_body: v } },
      ...rule('echo_upstream_body', 'debug.echo_upstream_body', 'debug.echo_upstream_body is boolean', 'spec 2.1'),
    })),
  };
}

/** The plugins and their options (spec 2.5, 8). */
function pluginBreakers(word: fc.Arbitrary<string>): Record<string, Breaker> {
  return {
    pluginUnknownId: word.map((v) => ({ patch: plugin({ id: `x-${v}` }), ...rule('plugins', 'plugins[0].id', 'plugin id is one of spec 2.5', 'spec 2.5') })),
    autoRouterTradeoff: fc.oneof(fc.integer({ min: 11, max: 100 }), fc.integer({ min: -100, max: -1 }), fc.constant(2.5)).map((v) => ({
      patch: plugin({ id: 'auto-router', cost_quality_tradeoff: v }),
      ...rule('cost_quality_tradeoff', 'plugins[0].cost_quality_tradeoff', 'cost_quality_tradeoff integer 0..10', 'spec 2.5, 8'),
    })),
    autoBetaRouterTradeoff: fc.oneof(fc.integer({ min: 11, max: 100 }), fc.integer({ min: -100, max: -1 })).map((v) => ({
      patch: plugin({ id: 'auto-beta-router', cost_quality_tradeoff: v }),
      ...rule('cost_quality_tradeoff', 'plugins[0].cost_quality_tradeoff', 'cost_quality_tradeoff integer 0..10', 'spec 2.5, 8'),
    })),
    paretoMinCodingScore: fc.oneof(fc.double({ min: 1.0001, max: 10, noNaN: true }), fc.double({ min: -10, max: -0.0001, noNaN: true })).map((v) => ({
      patch: plugin({ id: 'pareto-router', min_coding_score: v }),
      ...rule('min_coding_score', 'plugins[0].min_coding_score', 'min_coding_score 0..1', 'spec 2.5, 8'),
    })),
    paretoMaxPrice: fc.double({ min: -1000, max: -0.0001, noNaN: true }).map((v) => ({
      patch: plugin({ id: 'pareto-router', max_price: v }),
      ...rule('max_price', 'plugins[0].max_price', 'pareto-router max_price >= 0', 'spec 2.5'),
    })),
    paretoPriceSource: word.map((v) => ({
      patch: plugin({ id: 'pareto-router', price_source: `${v}_avg` }),
      ...rule('price_source', 'plugins[0].price_source', 'price_source is prompt or weighted_avg', 'spec 2.5'),
    })),
    fusionAnalysisModels: fc.oneof(fc.constant(0), fc.integer({ min: 9, max: 20 })).map((n) => ({
      patch: plugin({ id: 'fusion', analysis_models: Array.from({ length: n }, (_, i) => `m/${i}`) }),
      ...rule('analysis_models', 'plugins[0].analysis_models', 'fusion analysis_models 1 to 8 items', 'spec 2.5, 8'),
    })),
    fusionMaxToolCalls: fc.oneof(fc.integer({ min: -5, max: 0 }), fc.integer({ min: 17, max: 100 })).map((n) => ({
      patch: plugin({ id: 'fusion', max_tool_calls: n }),
      ...rule('max_tool_calls', 'plugins[0].max_tool_calls', 'fusion max_tool_calls 1..16', 'spec 2.5, 8'),
    })),
    fusionTools: fc.integer({ min: 9, max: 16 }).map((n) => ({
      patch: plugin({ id: 'fusion', tools: Array.from({ length: n }, () => ({ type: 'gateway:web_search' })) }),
      ...rule('tools', 'plugins[0].tools', 'fusion tools at most 8 items', 'spec 2.5, 8'),
    })),
    fusionToolType: fc.constant({
      patch: plugin({ id: 'fusion', tools: [{ parameters: {} }] }),
      ...rule('type', 'plugins[0].tools[0].type', 'fusion tools need type', 'spec 2.5'),
    }),
    fusionPreset: word.map((v) => ({
      patch: plugin({ id: 'fusion', preset: `general-${v}x` }),
      ...rule('preset', 'plugins[0].preset', 'fusion preset enum', 'spec 2.5'),
    })),
    webUserLocationType: fc.constant({
      patch: plugin({ id: 'web', user_location: { city: 'Paris' } }),
      ...rule('type', 'plugins[0].user_location.type', 'web user_location.type required', 'spec 2.5'),
    }),
    pluginEnabledType: fc
      .constantFrom('auto-router', 'web', 'fusion', 'web-fetch')
      .map((id) => ({ patch: plugin({ id, enabled: 'no' }), ...rule('enabled', 'plugins[0].enabled', 'plugin enabled is boolean', 'spec 2.5') })),
  };
}

/** Prompt caching, prompts, input items, tools, and the 422 conflicts of decision 0002. */
function cacheInputAndToolBreakers(word: fc.Arbitrary<string>): Record<string, Breaker> {
  return {
    cacheControlType: word.map((v) => ({
      patch: { cache_control: { type: `${v}_persistent` } },
      ...rule('type', 'cache_control.type', 'cache_control.type only ephemeral', 'spec 2.1'),
    })),
    // spec 2.1: set on a content block, cache_control marks an explicit breakpoint: the same object, the same enum.
    cacheControlBlockType: word.map((v) => ({
      patch: { input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Say OK.', cache_control: { type: `${v}_persistent` } }] }] },
      ...rule('type', 'input[0].content[0].cache_control.type', 'cache_control.type only ephemeral, on a content block too', 'spec 2.1'),
    })),
    cacheControlTypeMissing: fc
      .constantFrom('5m', '1h')
      .map((ttl) => ({ patch: { cache_control: { ttl } }, ...rule('type', 'cache_control.type', 'cache_control.type required', 'spec 2.1') })),
    promptCacheMode: word.map((v) => ({
      patch: { prompt_cache_options: { mode: `${v}_implicit` } },
      ...rule('mode', 'prompt_cache_options.mode', 'prompt_cache_options.mode only explicit', 'spec 2.1'),
    })),
    promptCacheModeMissing: fc.constantFrom<unknown>('5m', null).map((ttl) => ({
      patch: { prompt_cache_options: { ttl } },
      ...rule('mode', 'prompt_cache_options.mode', 'prompt_cache_options.mode required', 'spec 2.1'),
    })),
    promptVariableType: fc.constantFrom<unknown>(42, true, null).map((v) => ({
      patch: { prompt: { id: 'pmpt_1', variables: { city: v } } },
      ...rule('variables', 'prompt.variables.city', 'prompt variables are strings or input parts', 'spec 2.1'),
    })),
    promptId: fc.constant({ patch: { prompt: { variables: { a: 'b' } } }, ...rule('id', 'prompt.id', 'prompt.id required', 'spec 2.1') }),
    functionToolName: fc.constant({
      patch: { tools: [{ type: 'function', description: 'd', parameters: { type: 'object' } }] },
      ...rule('name', 'tools[0].name', 'function tool needs name', 'spec 2.4.1'),
    }),
    inputType: fc
      .constantFrom(42, true, { text: 'hi' })
      .map((v) => ({ patch: { input: v }, ...rule('input', 'input', 'input is a string or an array of items', 'spec 2.1, 2.3') })),
    inputMessageRole: word.map((v) => ({
      patch: { input: [{ type: 'message', role: `r_${v}`, content: 'hi' }] },
      ...rule('role', 'input[0].role', 'message role enum', 'spec 2.3 (reference EasyInputMessage)'),
    })),
    // 422: schema-valid but contradictory (docs/decisions/0002-responses-validation.md).
    toolChoiceUnknownFunction: functionNameArb.map((name) => ({
      patch: { tools: [{ type: 'function', name: `${name}_a`, parameters: { type: 'object' } }], tool_choice: { type: 'function', name: `${name}_b` } },
      ...rule('tool_choice', 'tool_choice.name', 'tool_choice names a function that is in tools', 'spec 7 (422)', 422),
    })),
    toolChoiceWithoutTools: fc.constantFrom<unknown>('required', { type: 'function', name: 'f' }).map((choice) => ({
      patch: { tool_choice: choice },
      ...rule('tool_choice', 'tool_choice', 'tool_choice forcing a tool needs tools', 'spec 7 (422)', 422),
    })),
  };
}

/**
 * Every rule of spec 2.1-2.5 (and the 422 conflicts of decision 0002), each at or past its boundary.
 *
 * @example
 * fc.sample(ruleBreakers().metadataPairs!, 1)[0]?.patch; // a request part with 17+ metadata pairs
 */
export function ruleBreakers(): Record<string, Breaker> {
  const word = stringMatching(/^[a-z]{1,10}$/);
  return {
    ...fieldBreakers(),
    ...providerBreakers(word),
    ...enumAndTypeBreakers(word),
    ...pluginBreakers(word),
    ...cacheInputAndToolBreakers(word),
  };
}

/**
 * Requests that break exactly one rule at or past its boundary, with the status a correct gateway
 * answers and a name its error message must contain. The rest of the request is a small valid one.
 *
 * @example
 * fc.sample(ruleBreakingRequestArb({ models: ['alpha/chat'] }), 1);
 * // [{ request: { model: 'alpha/chat', input: 'Say OK.', max_tool_calls: 31 }, field: 'max_tool_calls', status: 400, ... }]
 */
export function ruleBreakingRequestArb({ models }: ResponsesArbOptions): fc.Arbitrary<RuleBreakingRequest> {
  return fc.oneof(...Object.values(ruleBreakingRequestsByBreaker({ models })));
}

/**
 * The requests of {@link ruleBreakingRequestArb}, one arbitrary per breaker (keyed as
 * {@link ruleBreakers}): a property can send each one first (coverage by construction).
 */
export function ruleBreakingRequestsByBreaker({ models }: ResponsesArbOptions): Record<string, fc.Arbitrary<RuleBreakingRequest>> {
  if (models.length === 0) throw new Error('ruleBreakingRequestArb: models must not be empty');
  const base = fc.record({ model: fc.constantFrom(...models), input: fc.constantFrom('Say OK.', 'Hello'), max_output_tokens: fc.constant(16) });
  return Object.fromEntries(
    Object.entries(ruleBreakers()).map(([name, breaker]) => [
      name,
      fc.tuple(base, breaker).map(([request, { patch, ...meta }]): RuleBreakingRequest => ({ request: { ...request, ...patch }, ...meta })),
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// Exact boundaries
// ---------------------------------------------------------------------------------------------

/** One limit: the last accepted value and the first rejected one, as request patches. */
export interface ResponsesBoundary {
  name: string;
  field: string;
  spec: string;
  /** Merge into a small valid request: a correct gateway answers 200. */
  accepted: JsonRequest;
  /** Merge into the same request: a correct gateway answers 400. */
  rejected: JsonRequest;
}

const off = (p: JsonRequest) => ({ plugins: [{ ...p, enabled: false }] });
const on = (p: JsonRequest) => ({ plugins: [p] });
const fusionTools = (n: number) => Array.from({ length: n }, () => ({ type: 'gateway:web_search' }));
const models = (n: number) => Array.from({ length: n }, (_, i) => `m/${i}`);

/**
 * The exact limits of spec 2.1 / 2.5 / 8 (256 accepted, 257 rejected, ...). Accepted plugin cases
 * are sent with `enabled: false` so they cannot change routing; rejected ones are enabled, so a
 * gateway that skips checking disabled plugins is still tested.
 */
export const RESPONSES_BOUNDARIES: readonly ResponsesBoundary[] = [
  { name: 'session_id length', field: 'session_id', spec: 'spec 2.1, 8', accepted: { session_id: 's'.repeat(256) }, rejected: { session_id: 's'.repeat(257) } },
  { name: 'user length', field: 'user', spec: 'spec 2.1, 8', accepted: { user: 'u'.repeat(256) }, rejected: { user: 'u'.repeat(257) } },
  { name: 'metadata pairs', field: 'metadata', spec: 'spec 2.1, 8', accepted: { metadata: pairs(16) }, rejected: { metadata: pairs(17) } },
  {
    name: 'metadata key length',
    field: 'metadata',
    spec: 'spec 2.1, 8',
    accepted: { metadata: { ['k'.repeat(64)]: 'v' } },
    rejected: { metadata: { ['k'.repeat(65)]: 'v' } },
  },
  {
    name: 'metadata key brackets',
    field: 'metadata',
    spec: 'spec 2.1, 8',
    accepted: { metadata: { 'a(b){c}': 'v' } },
    rejected: { metadata: { 'a[b]': 'v' } },
  },
  {
    name: 'metadata value length',
    field: 'metadata',
    spec: 'spec 2.1, 8',
    accepted: { metadata: { k: 'v'.repeat(512) } },
    rejected: { metadata: { k: 'v'.repeat(513) } },
  },
  { name: 'max_tool_calls maximum', field: 'max_tool_calls', spec: 'spec 2.1, 8', accepted: { max_tool_calls: 30 }, rejected: { max_tool_calls: 31 } },
  { name: 'store constant false', field: 'store', spec: 'spec 2.1', accepted: { store: false }, rejected: { store: true } },
  {
    name: 'previous_response_id null only',
    field: 'previous_response_id',
    spec: 'spec 2.1, 7',
    accepted: { previous_response_id: null },
    rejected: { previous_response_id: 'resp_1' },
  },
  {
    name: 'auto-router cost_quality_tradeoff maximum',
    field: 'cost_quality_tradeoff',
    spec: 'spec 2.5, 8',
    accepted: off({ id: 'auto-router', cost_quality_tradeoff: 10 }),
    rejected: on({ id: 'auto-router', cost_quality_tradeoff: 11 }),
  },
  {
    name: 'auto-router cost_quality_tradeoff minimum',
    field: 'cost_quality_tradeoff',
    spec: 'spec 2.5, 8',
    accepted: off({ id: 'auto-router', cost_quality_tradeoff: 0 }),
    rejected: on({ id: 'auto-router', cost_quality_tradeoff: -1 }),
  },
  {
    name: 'auto-beta-router cost_quality_tradeoff maximum',
    field: 'cost_quality_tradeoff',
    spec: 'spec 2.5, 8',
    accepted: off({ id: 'auto-beta-router', cost_quality_tradeoff: 10 }),
    rejected: on({ id: 'auto-beta-router', cost_quality_tradeoff: 11 }),
  },
  {
    name: 'auto-beta-router cost_quality_tradeoff minimum',
    field: 'cost_quality_tradeoff',
    spec: 'spec 2.5, 8',
    accepted: off({ id: 'auto-beta-router', cost_quality_tradeoff: 0 }),
    rejected: on({ id: 'auto-beta-router', cost_quality_tradeoff: -1 }),
  },
  {
    name: 'pareto-router min_coding_score maximum',
    field: 'min_coding_score',
    spec: 'spec 2.5, 8',
    accepted: off({ id: 'pareto-router', min_coding_score: 1 }),
    rejected: on({ id: 'pareto-router', min_coding_score: 1.01 }),
  },
  {
    name: 'pareto-router min_coding_score minimum',
    field: 'min_coding_score',
    spec: 'spec 2.5, 8',
    accepted: off({ id: 'pareto-router', min_coding_score: 0 }),
    rejected: on({ id: 'pareto-router', min_coding_score: -0.01 }),
  },
  {
    name: 'pareto-router max_price minimum',
    field: 'max_price',
    spec: 'spec 2.5',
    accepted: off({ id: 'pareto-router', max_price: 0 }),
    rejected: on({ id: 'pareto-router', max_price: -0.01 }),
  },
  {
    name: 'fusion analysis_models minimum',
    field: 'analysis_models',
    spec: 'spec 2.5, 8',
    accepted: off({ id: 'fusion', analysis_models: models(1) }),
    rejected: on({ id: 'fusion', analysis_models: [] }),
  },
  {
    name: 'fusion analysis_models maximum',
    field: 'analysis_models',
    spec: 'spec 2.5, 8',
    accepted: off({ id: 'fusion', analysis_models: models(8) }),
    rejected: on({ id: 'fusion', analysis_models: models(9) }),
  },
  {
    name: 'fusion max_tool_calls minimum',
    field: 'max_tool_calls',
    spec: 'spec 2.5, 8',
    accepted: off({ id: 'fusion', max_tool_calls: 1 }),
    rejected: on({ id: 'fusion', max_tool_calls: 0 }),
  },
  {
    name: 'fusion max_tool_calls maximum',
    field: 'max_tool_calls',
    spec: 'spec 2.5, 8',
    accepted: off({ id: 'fusion', max_tool_calls: 16 }),
    rejected: on({ id: 'fusion', max_tool_calls: 17 }),
  },
  {
    name: 'fusion tools maximum',
    field: 'tools',
    spec: 'spec 2.5, 8',
    accepted: off({ id: 'fusion', tools: fusionTools(8) }),
    rejected: on({ id: 'fusion', tools: fusionTools(9) }),
  },
];
