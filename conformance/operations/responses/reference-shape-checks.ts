import { REFERENCE_SHAPE_GROUPS, type ReferenceShapeGroup } from './reference-shape-arbitraries.ts';
import type { Check, CheckContext } from '../../check.ts';
import { boundaryRuleCheck } from '../../property/boundary-rule-check.ts';
import { baseResponsesRequest } from '../../requests.ts';

/**
 * One check per reference shape (spec 2.1 note A defers to the reference): every violation is
 * refused with 400 and the envelope, and the allowed values at the same place are served.
 */
function shapeCheck(id: string, spec: string, title: string, group: ReferenceShapeGroup): Check {
  const base = (ctx: CheckContext) => baseResponsesRequest(ctx.model);
  return boundaryRuleCheck({
    id,
    spec,
    rules: [group.rule],
    title,
    accepted: (ctx) => group.accepted.map((part) => ({ ...base(ctx), ...part })),
    violating: (ctx) => group.violating.map((part) => ({ ...base(ctx), ...part })),
    // Each group is small; a few runs meet every kind of violation in it.
    runs: 6,
  });
}

const G = REFERENCE_SHAPE_GROUPS;

export const REFERENCE_SHAPE_CHECKS: readonly Check[] = [
  shapeCheck(
    'validation.tool-choice-shape',
    'spec 2.1 note A (reference ToolChoice)',
    'tool_choice: a mode other than auto, none, required, or an object of an unknown type, is rejected with 400',
    G.toolChoice,
  ),
  shapeCheck(
    'validation.reasoning-shape',
    'spec 2.1 note A (reference Reasoning)',
    'reasoning: an unknown effort or summary, a negative max_tokens, or a non-object is rejected with 400',
    G.reasoning,
  ),
  shapeCheck(
    'validation.text-shape',
    'spec 2.1 note A (reference TextConfig)',
    'text: an unknown format type, a json_schema format without schema, or an unknown verbosity is rejected with 400',
    G.text,
  ),
  shapeCheck(
    'validation.truncation-shape',
    'spec 2.1 note A (reference Truncation)',
    'truncation: a value other than auto or disabled is rejected with 400',
    G.truncation,
  ),
  shapeCheck(
    'validation.input-item-shape',
    'spec 2.3 (reference function-call items)',
    'input: a function_call_output without call_id, or a function_call without arguments, is rejected with 400',
    G.inputItems,
  ),
  shapeCheck('validation.cache-ttl', 'spec 2.1 (reference CacheControl)', 'cache_control.ttl: a value other than 5m or 1h is rejected with 400', G.cacheTtl),
  shapeCheck(
    'validation.web-fetch-parameters',
    'spec 2.4.1 (reference WebFetchServerToolConfig)',
    'gateway:web_fetch parameters of the wrong type (max_uses, max_content_tokens, engine, allowed_domains) are rejected with 400',
    G.webFetchParameters,
  ),
];
