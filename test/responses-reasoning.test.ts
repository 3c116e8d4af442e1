import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { DEFAULT_CATALOG } from '../src/catalog/default-catalog.ts';
import { ResponsesResultSchema } from '../src/schemas/responses-result.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';

const REASONING_MODEL = 'openai/gpt-5-mini';
const PLAIN_MODEL = 'openai/gpt-4o-mini';
const PROMPT = 'Why do leaves change colour in autumn?';

type Item = { type: string; content?: Array<{ text: string }>; summary?: Array<{ text: string }>; encrypted_content?: string; id?: string };
type Result = { output: Item[]; usage: { output_tokens: number; output_tokens_details: { reasoning_tokens: number } } };

/** Reasoning as the catalogue says (issue item 2), on both targets. */
describe.each(TARGET_KINDS)('reasoning (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), seed: 4 });
  });
  afterAll(() => target.close());

  const post = (body: Record<string, unknown>) =>
    target.fetch('/responses', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ model: REASONING_MODEL, input: PROMPT, ...body }) });
  const create = async (body: Record<string, unknown>) => {
    const res = await post(body);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const result = JSON.parse(text) as Result;
    expect(ResponsesResultSchema.safeParse(result).success).toBe(true);
    return result;
  };
  const reasoningOf = (r: Result) => r.output.find((i) => i.type === 'reasoning');

  it('every model the catalogue marks as reasoning reasons by default, unless switched off', async () => {
    const reasoners = DEFAULT_CATALOG.models.filter((m) => m.reasoning);
    expect(reasoners.length).toBeGreaterThan(3);
    for (const model of reasoners) {
      const r = await create({ model: model.id });
      expect(r.output[0]?.type, model.id).toBe('reasoning');
      expect(r.usage.output_tokens_details.reasoning_tokens).toBeGreaterThan(0);
    }
    for (const off of [{ enabled: false }, { effort: 'none' }]) {
      const r = await create({ reasoning: off });
      expect(reasoningOf(r)).toBeUndefined();
      expect(r.usage.output_tokens_details.reasoning_tokens).toBe(0);
    }
    const plain = await create({ model: PLAIN_MODEL, reasoning: { effort: 'high' } });
    expect(reasoningOf(plain)).toBeUndefined();
  });

  it('effort scales the reasoning tokens: minimal < low < medium (the default) < high < xhigh < max', async () => {
    const tokens: number[] = [];
    for (const effort of ['minimal', 'low', 'medium', 'high', 'xhigh', 'max'])
      tokens.push((await create({ reasoning: { effort } })).usage.output_tokens_details.reasoning_tokens);
    for (let i = 1; i < tokens.length; i++) expect(tokens[i]).toBeGreaterThan(tokens[i - 1] as number);
    expect((await create({})).usage.output_tokens_details.reasoning_tokens).toBe(tokens[2]);
  });

  it('max_tokens bounds the reasoning tokens; the item still completes', async () => {
    for (const max of [1, 5, 20]) {
      const r = await create({ reasoning: { effort: 'high', max_tokens: max } });
      expect(r.usage.output_tokens_details.reasoning_tokens).toBeLessThanOrEqual(max);
      expect(r.usage.output_tokens_details.reasoning_tokens).toBeGreaterThan(0);
      expect(reasoningOf(r)).toMatchObject({ status: 'completed' });
    }
  });

  it('exclude hides the item, but the reasoning tokens are still billed', async () => {
    const shown = await create({ reasoning: { effort: 'high' } });
    const hidden = await create({ reasoning: { effort: 'high', exclude: true } });
    expect(reasoningOf(hidden)).toBeUndefined();
    expect(hidden.output[0]?.type).toBe('message');
    expect(hidden.usage.output_tokens_details.reasoning_tokens).toBe(shown.usage.output_tokens_details.reasoning_tokens);
    expect(hidden.usage.output_tokens).toBe(shown.usage.output_tokens);
    const streamed = await (await post({ reasoning: { effort: 'high', exclude: true }, stream: true })).text();
    expect(streamed).not.toContain('response.reasoning');
    expect(streamed).toContain('"reasoning_tokens":');
  });

  it('summaries follow the reference: none unless asked; concise and auto one sentence, detailed more', async () => {
    expect(reasoningOf(await create({}))?.summary).toEqual([]);
    const concise = reasoningOf(await create({ reasoning: { summary: 'concise' } }))?.summary?.[0]?.text ?? '';
    const auto = reasoningOf(await create({ reasoning: { summary: 'auto' } }))?.summary?.[0]?.text ?? '';
    const detailed = reasoningOf(await create({ reasoning: { summary: 'detailed' } }))?.summary?.[0]?.text ?? '';
    expect(concise.split('. ')).toHaveLength(1);
    expect(auto).toBe(concise);
    expect(detailed.startsWith(concise)).toBe(true);
    expect(detailed.length).toBeGreaterThan(concise.length);
  });

  it('include reasoning.encrypted_content gives an opaque, deterministic blob that is accepted back as input', async () => {
    const a = reasoningOf(await create({ include: ['reasoning.encrypted_content'] }));
    const b = reasoningOf(await create({ include: ['reasoning.encrypted_content'] }));
    expect(a?.encrypted_content).toMatch(/^gAAAAA[A-Za-z0-9+/]+=*$/);
    expect(b?.encrypted_content).toBe(a?.encrypted_content);
    expect(a?.id).not.toBe(b?.id);
    const readable = a?.content?.[0]?.text ?? '';
    expect(atob((a?.encrypted_content ?? '').slice(6))).not.toContain(readable.slice(0, 12));
    expect(reasoningOf(await create({}))).not.toHaveProperty('encrypted_content');
    // Sent back in the next turn, as the openai SDK does with store: false.
    const next = await create({
      input: [{ role: 'user', content: PROMPT }, a, { role: 'assistant', content: 'Chlorophyll fades.' }, { role: 'user', content: 'And red leaves?' }],
    });
    expect(next.output.at(-1)?.type).toBe('message');
    const bad = await post({ input: [{ type: 'reasoning', summary: [], encrypted_content: 42 }] });
    expect(bad.status).toBe(400);
  });
});
