import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random/seeded-random.ts';
import { anchorAnnotations, buildOutput } from './build-output.ts';
import type { ReplyPlan } from './reply-plan.ts';
import { loadTokenizer } from './tokenizer.ts';

describe('buildOutput', async () => {
  const tokenizer = await loadTokenizer();
  const base = { tokenizer, modelId: 'openai/o4-mini' };

  const planArb: fc.Arbitrary<ReplyPlan> = fc.record(
    {
      reasoning: fc.record({ text: fc.lorem({ maxCount: 30 }) }),
      text: fc.string({ unit: fc.constantFrom('word ', 'café ', '🙂', 'x', '. '), maxLength: 40 }),
      calls: fc.array(fc.record({ name: fc.constantFrom('a', 'lookup'), arguments: fc.json().map((j) => JSON.stringify({ v: JSON.parse(j) as unknown })) }), {
        maxLength: 2,
      }),
    },
    { requiredKeys: [] },
  );

  it('never spends more than max_output_tokens, cuts text to a prefix, and says when it cut', () => {
    fc.assert(
      fc.property(planArb, fc.option(fc.integer({ min: 0, max: 80 }), { nil: undefined }), (plan, max) => {
        const out = buildOutput(plan, { ...base, rng: seededRandom(0, 'ids'), maxOutputTokens: max });
        if (max !== undefined) expect(out.outputTokens).toBeLessThanOrEqual(max);
        expect(out.reasoningTokens).toBeLessThanOrEqual(out.outputTokens);
        const message = out.output.find((i) => i.type === 'message');
        if (message && message.content[0]?.type === 'output_text') expect((plan.text ?? '').startsWith(message.content[0].text)).toBe(true);
        for (const call of out.output.filter((i) => i.type === 'function_call')) expect(() => JSON.parse(call.arguments)).not.toThrow();
        if (max === undefined) expect(out.truncated).toBe(false);
        if (out.truncated) expect(out.output.some((i) => i.status === 'incomplete') || out.outputTokens <= (max ?? 0)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('without a budget, output tokens are the tokens of what was said', () => {
    const out = buildOutput({ reasoning: { text: 'Let me think.' }, text: 'Hello there.' }, { ...base, rng: seededRandom(0, 'ids') });
    expect(out.reasoningTokens).toBe(tokenizer.count('Let me think.'));
    expect(out.outputTokens).toBe(tokenizer.count('Let me think.') + tokenizer.count('Hello there.'));
    expect(out.output.map((i) => i.type)).toEqual(['reasoning', 'message']);
    expect(out.output[0]).toMatchObject({ format: 'openai-responses-v1', status: 'completed', content: [{ type: 'reasoning_text', text: 'Let me think.' }] });
  });

  it('applies transformOutputText after the cut and anchors citations on their links', () => {
    const citation = { url: 'https://example.com/tea', title: 'Tea' };
    const out = buildOutput(
      { text: 'Tea is nice. Sources: [Tea](https://example.com/tea).' },
      { ...base, rng: seededRandom(0, 'ids'), citations: [citation], transformOutputText: (t) => `>> ${t}` },
    );
    const part = (out.output[0] as { content: Array<{ text: string; annotations: Array<{ start_index: number; end_index: number }> }> }).content[0];
    expect(part?.text.startsWith('>> Tea is nice.')).toBe(true);
    const a = part?.annotations[0];
    expect(a).toMatchObject({ type: 'url_citation', url: 'https://example.com/tea', title: 'Tea' });
    expect(part?.text.slice(a?.start_index, a?.end_index)).toBe('[Tea](https://example.com/tea)');
  });

  it('drops citations whose link is not in the text', () => {
    expect(anchorAnnotations('no links', [{ url: 'https://x', title: 'x' }])).toEqual([]);
  });

  it('a refusal plan gives a refusal part', () => {
    const out = buildOutput({ refusal: 'I cannot help with that.' }, { ...base, rng: seededRandom(0, 'ids') });
    expect(out.output[0]).toMatchObject({ type: 'message', content: [{ type: 'refusal', refusal: 'I cannot help with that.' }] });
  });
});
