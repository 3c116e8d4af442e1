import fc from 'fast-check';
import {
  RESPONSES_BOUNDARIES,
  ruleBreakers,
  ruleBreakingRequestsByBreaker,
  validResponsesRequestArb,
  type RuleBreakingRequest,
} from './request-arbitraries.ts';
import type { Check, CheckContext } from '../../check.ts';
import type { Probe } from '../../client/probe.ts';
import { expectError, expectServed } from '../../oracles/error-envelope.ts';
import { boundaryRuleCheck } from '../../property/boundary-rule-check.ts';
import { runProperty } from '../../property/run-property.ts';
import type { Stratum } from '../../property/stratum.ts';
import { baseResponsesRequest } from '../../requests.ts';

type Body = Record<string, unknown>;
const base = (ctx: CheckContext) => baseResponsesRequest(ctx.model);
const BREAKERS = ruleBreakers();

/**
 * Violations of the named rules (the arbitraries' breakers), each on the smallest valid request,
 * one stratum per breaker: every run sends each at its boundary first. `rules` names the catalogue
 * rule of a breaker when the check judges several.
 */
function breaking(names: readonly string[], rules: Readonly<Record<string, string>> = {}) {
  return (ctx: CheckContext): Stratum<Body>[] =>
    names.map((name) => {
      const breaker = BREAKERS[name];
      if (!breaker) throw new Error(`unknown rule breaker ${name}`);
      const label = fc.sample(breaker, { seed: 1, numRuns: 1 })[0]!.rule;
      return { label, ...(rules[name] ? { rules: [rules[name]] } : {}), arbitrary: breaker.map(({ patch }) => ({ ...base(ctx), ...patch })) };
    });
}

/** The accepted side of the named exact boundaries (the arbitraries' `RESPONSES_BOUNDARIES`). */
function boundary(...names: string[]) {
  return (ctx: CheckContext): Body[] =>
    names.map((name) => {
      const b = RESPONSES_BOUNDARIES.find((x) => x.name === name);
      if (!b) throw new Error(`unknown boundary ${name}`);
      return { ...base(ctx), ...b.accepted };
    });
}

export const sessionIdLength = boundaryRuleCheck({
  id: 'validation.session-id-length',
  rules: ['limits.session-id'],
  spec: 'spec 2.1, 8',
  title: 'session_id: 256 characters accepted, 257 and more rejected with 400',
  accepted: boundary('session_id length'),
  violating: breaking(['sessionIdLength']),
});

export const userLength = boundaryRuleCheck({
  id: 'validation.user-length',
  rules: ['limits.user'],
  spec: 'spec 2.1, 8',
  title: 'user: 256 characters accepted, 257 and more rejected with 400',
  accepted: boundary('user length'),
  violating: breaking(['userLength']),
});

export const metadataPairs = boundaryRuleCheck({
  id: 'validation.metadata-pairs',
  rules: ['limits.metadata-pairs'],
  spec: 'spec 2.1, 8',
  title: 'metadata: 16 pairs accepted, 17 and more rejected with 400',
  accepted: boundary('metadata pairs'),
  violating: breaking(['metadataPairs']),
});

export const metadataKeyLength = boundaryRuleCheck({
  id: 'validation.metadata-key-length',
  rules: ['limits.metadata-key'],
  spec: 'spec 2.1, 8',
  title: 'metadata keys: 64 characters accepted, 65 and more rejected with 400',
  accepted: boundary('metadata key length'),
  violating: breaking(['metadataKeyLength']),
});

export const metadataValueLength = boundaryRuleCheck({
  id: 'validation.metadata-value-length',
  rules: ['limits.metadata-value'],
  spec: 'spec 2.1, 8',
  title: 'metadata values: 512 characters accepted, 513 and more rejected with 400',
  accepted: boundary('metadata value length'),
  violating: breaking(['metadataValueLength']),
});

export const metadataKeyBrackets = boundaryRuleCheck({
  id: 'validation.metadata-key-brackets',
  rules: ['limits.metadata-key-brackets'],
  spec: 'spec 2.1, 8',
  title: 'metadata keys with [ or ] rejected with 400; other punctuation accepted',
  accepted: boundary('metadata key brackets'),
  violating: breaking(['metadataKeyBrackets']),
});

export const maxToolCalls = boundaryRuleCheck({
  id: 'validation.max-tool-calls',
  rules: ['limits.max-tool-calls'],
  spec: 'spec 2.1, 8',
  title: 'max_tool_calls: 30 accepted, 31 and more (and non-integers) rejected with 400',
  accepted: boundary('max_tool_calls maximum'),
  violating: breaking(['maxToolCalls', 'maxToolCallsInteger']),
});

export const providerProperties = boundaryRuleCheck({
  id: 'validation.provider-properties',
  rules: ['request.provider-closed'],
  spec: 'spec 2.4',
  title: 'provider: an unknown property is rejected with 400',
  accepted: (ctx) => [{ ...base(ctx), provider: { allow_fallbacks: true, data_collection: 'allow' } }],
  violating: breaking(['providerUnknownProperty']),
});

/** Plugin fields checked by the plugin-bounds rule (spec 2.5, 8). */
const PLUGIN_BOUND_FIELDS = new Set(['cost_quality_tradeoff', 'min_coding_score', 'max_price', 'analysis_models', 'max_tool_calls', 'tools']);

/**
 * The accepted plugin boundaries, packed so each request names a plugin once: three cheap
 * generations instead of eleven (the plugins are sent disabled, so they cannot change routing).
 */
function pluginBoundaries(ctx: CheckContext): Body[] {
  const requests: Body[][] = [];
  for (const b of RESPONSES_BOUNDARIES) {
    const plugins = (b.accepted as { plugins?: Body[] }).plugins;
    if (!plugins || !PLUGIN_BOUND_FIELDS.has(b.field)) continue;
    const plugin = plugins[0]!;
    const slot = requests.find((r) => !r.some((p) => p.id === plugin.id));
    if (slot) slot.push(plugin);
    else requests.push([plugin]);
  }
  return requests.map((plugins) => ({ ...base(ctx), plugins }));
}

/** The catalogue rule of each plugin bound (spec 2.5, 8). */
const PLUGIN_BOUND_RULES: Readonly<Record<string, string>> = {
  cost_quality_tradeoff: 'limits.cost-quality-tradeoff',
  min_coding_score: 'limits.min-coding-score',
  max_price: 'limits.pareto-max-price',
  analysis_models: 'limits.fusion-analysis-models',
  max_tool_calls: 'limits.fusion-max-tool-calls',
  tools: 'limits.fusion-tools',
};

/** The first refused value past every plugin bound, each its own stratum: a bound off by one on either side is caught at every seed. */
function pluginBoundaryViolations(ctx: CheckContext): Stratum<Body>[] {
  return RESPONSES_BOUNDARIES.filter((b) => PLUGIN_BOUND_FIELDS.has(b.field) && (b.rejected as { plugins?: unknown }).plugins).map((b) => ({
    label: `${b.name} (first refused value)`,
    rules: [PLUGIN_BOUND_RULES[b.field]!],
    arbitrary: fc.constant({ ...base(ctx), ...b.rejected }),
  }));
}

/**
 * The type half of the plugin bounds, each its own stratum: cost_quality_tradeoff is an integer
 * on both auto routers (a fraction or a numeric string is refused, not rounded or read), and
 * fusion's analysis_models are model id strings.
 */
function pluginTypeViolations(ctx: CheckContext): Stratum<Body>[] {
  const kind = (label: string, rule: string, plugin: Body): Stratum<Body> => ({
    label,
    rules: [rule],
    arbitrary: fc.constant({ ...base(ctx), plugins: [plugin] }),
  });
  return [
    ...['auto-router', 'auto-beta-router'].flatMap((id) => [
      kind(`${id} cost_quality_tradeoff a fraction`, 'limits.cost-quality-tradeoff', { id, cost_quality_tradeoff: 2.5 }),
      kind(`${id} cost_quality_tradeoff a numeric string`, 'limits.cost-quality-tradeoff', { id, cost_quality_tradeoff: '5' }),
    ]),
    kind('fusion analysis_models holding a number', 'limits.fusion-analysis-models', { id: 'fusion', analysis_models: [42] }),
  ];
}

export const pluginBounds = boundaryRuleCheck({
  id: 'validation.plugin-bounds',
  rules: [
    'limits.cost-quality-tradeoff',
    'limits.min-coding-score',
    'limits.pareto-max-price',
    'limits.fusion-analysis-models',
    'limits.fusion-max-tool-calls',
    'limits.fusion-tools',
  ],
  spec: 'spec 2.5, 8',
  title:
    'plugins: cost_quality_tradeoff an integer 0..10 on both auto routers, min_coding_score 0..1, max_price >= 0, fusion analysis_models 1..8 strings, max_tool_calls 1..16, tools <= 8',
  accepted: pluginBoundaries,
  violating: (ctx) => [
    ...pluginBoundaryViolations(ctx),
    ...pluginTypeViolations(ctx),
    ...breaking(
      ['autoRouterTradeoff', 'autoBetaRouterTradeoff', 'paretoMinCodingScore', 'paretoMaxPrice', 'fusionAnalysisModels', 'fusionMaxToolCalls', 'fusionTools'],
      {
        autoRouterTradeoff: 'limits.cost-quality-tradeoff',
        autoBetaRouterTradeoff: 'limits.cost-quality-tradeoff',
        paretoMinCodingScore: 'limits.min-coding-score',
        paretoMaxPrice: 'limits.pareto-max-price',
        fusionAnalysisModels: 'limits.fusion-analysis-models',
        fusionMaxToolCalls: 'limits.fusion-max-tool-calls',
        fusionTools: 'limits.fusion-tools',
      },
    )(ctx),
  ],
});

export const previousResponseId = boundaryRuleCheck({
  id: 'validation.previous-response-id',
  rules: ['request.previous-response-id'],
  spec: 'spec 1.3, 2.1, 7',
  title: 'previous_response_id: null accepted, any non-null value rejected with 400',
  accepted: boundary('previous_response_id null only'),
  violating: breaking(['previousResponseId']),
});

export const storeFalse = boundaryRuleCheck({
  id: 'validation.store',
  rules: ['request.store-false'],
  spec: 'spec 1.3, 2.1',
  title: 'store: false accepted, true (or anything else) rejected with 400',
  accepted: boundary('store constant false'),
  violating: breaking(['store']),
  runs: 6,
});

/** The catalogue rule a breaker of the arbitraries breaks (its own limit, else an enum or a type rule). */
const BREAKER_RULES: Readonly<Record<string, string>> = {
  sessionIdLength: 'limits.session-id',
  userLength: 'limits.user',
  metadataPairs: 'limits.metadata-pairs',
  metadataKeyLength: 'limits.metadata-key',
  metadataKeyBrackets: 'limits.metadata-key-brackets',
  metadataValueLength: 'limits.metadata-value',
  maxToolCalls: 'limits.max-tool-calls',
  maxToolCallsInteger: 'limits.max-tool-calls',
  store: 'request.store-false',
  previousResponseId: 'request.previous-response-id',
  providerUnknownProperty: 'request.provider-closed',
  autoRouterTradeoff: 'limits.cost-quality-tradeoff',
  autoBetaRouterTradeoff: 'limits.cost-quality-tradeoff',
  paretoMinCodingScore: 'limits.min-coding-score',
  paretoMaxPrice: 'limits.pareto-max-price',
  fusionAnalysisModels: 'limits.fusion-analysis-models',
  fusionMaxToolCalls: 'limits.fusion-max-tool-calls',
  fusionTools: 'limits.fusion-tools',
  toolChoiceUnknownFunction: 'request.semantic-422',
  toolChoiceWithoutTools: 'request.semantic-422',
};
/** Type and required-member breakers (spec 2.1, 2.3, 2.5); every other breaker is an enum. */
const TYPE_BREAKERS = new Set([
  'cacheControlTypeMissing',
  'promptCacheModeMissing',
  'promptVariableType',
  'temperatureType',
  'streamType',
  'sessionIdType',
  'debugType',
  'pluginEnabledType',
  'providerAllowFallbacksType',
  'inputType',
  'promptId',
  'functionToolName',
  'fusionToolType',
  'webUserLocationType',
]);

export function breakerRule(name: string): string {
  return BREAKER_RULES[name] ?? (TYPE_BREAKERS.has(name) ? 'request.types' : 'request.enums');
}

/** One stratum per breaker of the given status: every run sends each at its smallest first. */
function breakerStrata(ctx: CheckContext, status: 400 | 422): Stratum<RuleBreakingRequest>[] {
  return Object.entries(ruleBreakingRequestsByBreaker({ models: [ctx.model] }))
    .map(([name, arbitrary]) => ({ name, arbitrary, sample: fc.sample(arbitrary, { seed: 1, numRuns: 1 })[0]! }))
    .filter(({ sample }) => sample.status === status)
    .map(({ name, arbitrary, sample }) => ({ label: `${sample.rule} (${sample.spec})`, rules: [breakerRule(name)], arbitrary }));
}

/** Every rule of spec 2.1-2.5 at once: a request breaking exactly one gets 400 and the envelope. */
export const ruleBreaking: Check = {
  id: 'validation.rule-breaking',
  spec: 'spec 2.1-2.5, 7, 8',
  rules: ['request.enums', 'request.types'],
  title: 'A request breaking any one enum, type or required-member rule is rejected with 400 and the envelope',
  // Judges statuses and error envelopes only, never what the target mints per request: it may run beside other checks.
  exclusive: false,
  owes: (ctx) => ({ own: breakerStrata(ctx, 400).length }),
  run: (ctx) => {
    const probe = (v: { request: Body }): Probe => ({ method: 'POST', path: '/responses', body: v.request });
    return runProperty(ctx, {
      strata: breakerStrata(ctx, 400),
      rules: ['request.enums', 'request.types'],
      probe,
      oracle: (exchange, v) => expectError(v.status)(exchange).map((p) => `${v.rule} (${v.spec}): ${p}`),
    });
  },
};

/** Well-formed requests that contradict themselves: 422 (spec 7 "semantic validation failure"; which cases is inferred). */
export const semanticConflicts: Check = {
  id: 'validation.semantic-conflicts',
  spec: 'spec 7',
  rules: ['request.semantic-422'],
  title: 'A request contradicting itself (tool_choice naming a function not in tools, or forcing a tool without tools) is rejected with 422',
  // Judges statuses and error envelopes only, never what the target mints per request: it may run beside other checks.
  exclusive: false,
  owes: (ctx) => ({ own: breakerStrata(ctx, 422).length }),
  run: (ctx) => {
    const probe = (v: { request: Body }): Probe => ({ method: 'POST', path: '/responses', body: v.request });
    return runProperty(ctx, {
      strata: breakerStrata(ctx, 422),
      rules: ['request.semantic-422'],
      probe,
      runs: Math.min(ctx.runs, 10),
      oracle: (exchange, v) => expectError(v.status)(exchange).map((p) => `${v.rule} (${v.spec}): ${p}`),
    });
  },
};

/**
 * Valid requests are served (spec 2.1): paid, so few runs, and kept cheap (small
 * max_output_tokens). A 2xx that is not a Responses result does not count as served
 * (inconclusive, owned by `result.shape`): a server that answers 200 to anything passes nothing.
 */
export const validAccepted: Check = {
  id: 'validation.valid-accepted',
  spec: 'spec 2.1-2.5, 4.1',
  rules: ['request.valid-served'],
  title: 'Arbitrary valid requests are served with a Responses result',
  // Judges statuses and error envelopes only, never what the target mints per request: it may run beside other checks.
  exclusive: false,
  run: (ctx) => {
    const probe = (body: Body): Probe => ({ method: 'POST', path: '/responses', body });
    return runProperty(ctx, {
      arbitrary: validResponsesRequestArb({ models: [ctx.model] }).map((r) => ({ ...r, max_output_tokens: 16 })),
      probe,
      runs: Math.max(1, Math.min(ctx.runs, 10)),
      oracle: (exchange) => expectServed(exchange),
    });
  },
};

export const VALIDATION_CHECKS: readonly Check[] = [
  sessionIdLength,
  userLength,
  metadataPairs,
  metadataKeyLength,
  metadataValueLength,
  metadataKeyBrackets,
  maxToolCalls,
  providerProperties,
  pluginBounds,
  previousResponseId,
  storeFalse,
  ruleBreaking,
  semanticConflicts,
  validAccepted,
];
