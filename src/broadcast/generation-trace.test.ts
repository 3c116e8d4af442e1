import { describe, expect, it } from 'vitest';
import type { GenerationRecord } from '../account/generation-record.ts';
import type { DestinationRecord } from '../management/destination-record.ts';
import { generationTrace, MAX_TRACE_TEXT_CHARS } from './generation-trace.ts';

const record: GenerationRecord = {
  id: 'gen-1',
  apiType: 'completions',
  model: 'openai/gpt-4o-mini',
  providerName: 'OpenAI',
  streamed: true,
  finishReason: 'stop',
  tokensPrompt: 12,
  tokensCompletion: 9,
  cost: 0.0125,
  isByok: false,
  createdAt: Date.UTC(2026, 0, 1),
  latencyMs: 350,
  generationTimeMs: 300,
  apiKey: 'sk-gw-test',
  externalUser: 'u-1',
  userAgent: 'ua/1',
  content: {
    input: { messages: [{ role: 'user', content: 'x'.repeat(MAX_TRACE_TEXT_CHARS * 2) }] },
    output: { completion: 'Hello.', reasoning: null },
    error: null,
  },
};
const destination = (flags: Partial<DestinationRecord>): DestinationRecord => ({
  id: 'd1',
  workspace_id: 'w',
  type: 'webhook',
  name: 'd',
  enabled: true,
  privacy_mode: false,
  broadcast_generation_cost: false,
  broadcast_generation_identity: false,
  broadcast_generation_request_context: false,
  sampling_rate: 1,
  api_key_hashes: null,
  filter_rules: null,
  regions: ['global'],
  config: { url: 'https://hooks.test' },
  created_at: '',
  updated_at: '',
  seq: 0,
  ...flags,
});

type Span = { traceId: string; startTimeUnixNano: string; endTimeUnixNano: string; attributes: Array<{ key: string; value: Record<string, unknown> }> };
const span = (d: DestinationRecord, seed = 0): Span =>
  (generationTrace(record, d, { keyName: 'ci', keyHash: 'h'.repeat(64) }, seed) as { resourceSpans: [{ scopeSpans: [{ spans: [Span] }] }] }).resourceSpans[0]
    .scopeSpans[0].spans[0];
const keys = (s: Span) => s.attributes.map((a) => a.key);

describe('generationTrace', () => {
  it('always names the generation, its model and usage; times in nanoseconds as strings', () => {
    const s = span(destination({}));
    expect(keys(s)).toEqual(expect.arrayContaining(['gen_ai.operation.name', 'gen_ai.response.id', 'gen_ai.usage.input_tokens', 'gen_ai.usage.output_tokens']));
    expect(s.attributes.find((a) => a.key === 'gen_ai.usage.input_tokens')?.value).toEqual({ intValue: '12' });
    expect(BigInt(s.endTimeUnixNano) - BigInt(s.startTimeUnixNano)).toBe(350_000_000n);
  });

  it('cost, identity and request context only when asked; no content in privacy mode; long text cut', () => {
    const plain = span(destination({}));
    expect(keys(plain)).not.toEqual(expect.arrayContaining(['gen_ai.usage.cost']));
    expect(keys(plain).some((k) => k.startsWith('gateway.api_key') || k === 'user.id' || k === 'user_agent.original')).toBe(false);
    const prompt = plain.attributes.find((a) => a.key === 'gen_ai.prompt')?.value.stringValue as string;
    expect(prompt.length).toBe(MAX_TRACE_TEXT_CHARS + 1);
    const all = span(destination({ broadcast_generation_cost: true, broadcast_generation_identity: true, broadcast_generation_request_context: true }));
    expect(keys(all)).toEqual(expect.arrayContaining(['gen_ai.usage.cost', 'gateway.api_key.name', 'user.id', 'user_agent.original']));
    const cost = all.attributes.find((a) => a.key === 'gen_ai.usage.cost')?.value;
    expect(cost).toEqual({ doubleValue: 0.0125 });
    const quiet = span(destination({ privacy_mode: true }));
    expect(keys(quiet)).not.toContain('gen_ai.prompt');
    expect(keys(quiet)).not.toContain('gen_ai.completion');
  });

  it('the same generation and seed give the same ids; another seed others', () => {
    expect(span(destination({})).traceId).toBe(span(destination({})).traceId);
    expect(span(destination({}), 1).traceId).not.toBe(span(destination({})).traceId);
  });
});
