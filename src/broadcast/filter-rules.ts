import type { GenerationRecord } from '../account/generation-record.ts';
import type { FilterRules } from '../management/destination-record.ts';
import type { TraceCaller } from './generation-trace.ts';

type Rule = FilterRules['groups'][number]['rules'][number];

/** Text a rule reads at most (characters): a rule on a 10 MB prompt reads its first 64 KiB. */
const MAX_RULE_TEXT = 65_536;

/** The value of a rule's field for one generation (reference ObservabilityFilterRuleGroup `field`), or undefined when it has none. */
function fieldValue(field: Rule['field'], r: GenerationRecord, caller: TraceCaller): string | number | undefined {
  switch (field) {
    case 'model':
      return r.model;
    case 'provider':
      return r.providerName ?? undefined;
    case 'session_id':
      return r.sessionId ?? undefined;
    case 'user_id':
      return r.externalUser ?? undefined;
    case 'api_key_name':
      return caller.keyName ?? undefined;
    case 'finish_reason':
      return r.finishReason ?? undefined;
    case 'input':
      return r.content ? JSON.stringify(r.content.input.messages).slice(0, MAX_RULE_TEXT) : undefined;
    case 'output':
      return r.content?.output.completion?.slice(0, MAX_RULE_TEXT) ?? undefined;
    case 'total_cost':
      return r.cost;
    case 'total_tokens':
      return r.tokensPrompt + r.tokensCompletion;
    case 'prompt_tokens':
      return r.tokensPrompt;
    case 'completion_tokens':
      return r.tokensCompletion;
  }
}

/** Whether one rule holds (a comparison of a missing field or of mismatched kinds does not). */
function holds(rule: Rule, value: string | number | undefined): boolean {
  if (rule.operator === 'exists') return value !== undefined;
  if (rule.operator === 'not_exists') return value === undefined;
  if (value === undefined || rule.value === undefined) return rule.operator === 'not_equals' || rule.operator === 'not_contains';
  const [a, b] = [value, rule.value];
  switch (rule.operator) {
    case 'equals':
      return String(a) === String(b);
    case 'not_equals':
      return String(a) !== String(b);
    case 'contains':
      return String(a).includes(String(b));
    case 'not_contains':
      return !String(a).includes(String(b));
    case 'starts_with':
      return String(a).startsWith(String(b));
    case 'ends_with':
      return String(a).endsWith(String(b));
    // Patterns were checked when the destination was saved (no catastrophic shapes: guardrail-pattern.ts).
    case 'regex':
      return new RegExp(String(b), 'u').test(String(a));
    default:
      return compare(rule.operator, Number(a), Number(b));
  }
}

function compare(operator: 'gt' | 'lt' | 'gte' | 'lte', a: number, b: number): boolean {
  if (Number.isNaN(a) || Number.isNaN(b)) return false;
  return operator === 'gt' ? a > b : operator === 'lt' ? a < b : operator === 'gte' ? a >= b : a <= b;
}

/**
 * Whether a generation is forwarded under a destination's filter rules (reference
 * ObservabilityFilterRulesConfig): no rules, or rules disabled, forward everything; otherwise every
 * group must hold, each group combining its rules by its `logic` (`and`, `or`).
 *
 * @example
 * passesFilterRules({ enabled: true, groups: [{ logic: 'and', rules: [{ field: 'model', operator: 'equals', value: 'openai/gpt-4o' }] }] }, record, caller);
 */
export function passesFilterRules(rules: FilterRules | null, r: GenerationRecord, caller: TraceCaller): boolean {
  if (!rules || !rules.enabled) return true;
  return rules.groups.every((group) => {
    if (group.rules.length === 0) return true;
    const results = group.rules.map((rule) => holds(rule, fieldValue(rule.field, r, caller)));
    return group.logic === 'or' ? results.some(Boolean) : results.every(Boolean);
  });
}
