import { describe, expect, it } from 'vitest';
import type { GenerationRecord } from '../account/generation-record.ts';
import type { FilterRules } from '../management/destination-record.ts';
import { passesFilterRules } from './filter-rules.ts';

const record = {
  id: 'gen-1',
  apiType: 'completions',
  model: 'openai/gpt-4o-mini',
  providerName: 'OpenAI',
  streamed: false,
  finishReason: 'stop',
  tokensPrompt: 10,
  tokensCompletion: 5,
  cost: 0.002,
  isByok: false,
  createdAt: 0,
  latencyMs: 1,
  generationTimeMs: 1,
  apiKey: 'k',
  sessionId: null,
  content: {
    input: { messages: [{ role: 'user', content: 'Tell me about invoices.' }] },
    output: { completion: 'Invoice #42 is paid.', reasoning: null },
    error: null,
  },
} as GenerationRecord;
const caller = { keyName: 'billing bot', keyHash: 'h' };
const rules = (logic: 'and' | 'or', ...list: FilterRules['groups'][number]['rules']): FilterRules => ({ enabled: true, groups: [{ logic, rules: list }] });

describe('passesFilterRules (reference ObservabilityFilterRulesConfig)', () => {
  it('no rules, disabled rules or an empty group forward everything', () => {
    expect(passesFilterRules(null, record, caller)).toBe(true);
    expect(passesFilterRules({ ...rules('and', { field: 'model', operator: 'equals', value: 'x' }), enabled: false }, record, caller)).toBe(true);
    expect(passesFilterRules(rules('and'), record, caller)).toBe(true);
  });

  it('reads each field of the generation: text operators, numbers, a checked regex, exists', () => {
    expect(passesFilterRules(rules('and', { field: 'output', operator: 'regex', value: '#\\d+ is paid' }), record, caller)).toBe(true);
    expect(passesFilterRules(rules('and', { field: 'input', operator: 'contains', value: 'invoices' }), record, caller)).toBe(true);
    expect(passesFilterRules(rules('and', { field: 'api_key_name', operator: 'ends_with', value: 'bot' }), record, caller)).toBe(true);
    expect(passesFilterRules(rules('and', { field: 'total_tokens', operator: 'gt', value: 15 }), record, caller)).toBe(false);
    expect(passesFilterRules(rules('and', { field: 'total_cost', operator: 'lte', value: 0.002 }), record, caller)).toBe(true);
    expect(passesFilterRules(rules('and', { field: 'session_id', operator: 'exists' }), record, caller)).toBe(false);
    expect(passesFilterRules(rules('and', { field: 'session_id', operator: 'not_exists' }), record, caller)).toBe(true);
  });

  it('a group joins its rules by its logic; every group must hold', () => {
    const no = { field: 'model', operator: 'equals', value: 'anthropic/claude' } as const;
    const yes = { field: 'provider', operator: 'equals', value: 'OpenAI' } as const;
    expect(passesFilterRules(rules('or', no, yes), record, caller)).toBe(true);
    expect(passesFilterRules(rules('and', no, yes), record, caller)).toBe(false);
    expect(passesFilterRules({ enabled: true, groups: [...rules('or', yes).groups, ...rules('or', no).groups] }, record, caller)).toBe(false);
  });
});
