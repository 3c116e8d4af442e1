import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadTokenizer } from './tokenizer.ts';
import { promptTokens as countPrompt } from '../request/prompt-tokens.ts';
import type { Tokenizer } from './tokenizer.ts';
import { buildUsage } from './usage.ts';

const promptTokens = (request: Parameters<typeof countPrompt>[0], tokenizer: Tokenizer) => countPrompt(request, tokenizer.count);

describe('buildUsage', () => {
  it('always adds up: total = input + output, reasoning <= output, cached <= input, whole numbers >= 0', () => {
    const count = fc.oneof(fc.integer({ min: -10, max: 1_000_000 }), fc.double({ noNaN: false }));
    fc.assert(
      fc.property(count, count, count, count, (inputTokens, cachedTokens, outputTokens, reasoningTokens) => {
        const u = buildUsage({ inputTokens, cachedTokens, outputTokens, reasoningTokens });
        const all = [u.input_tokens, u.output_tokens, u.total_tokens, u.input_tokens_details.cached_tokens, u.output_tokens_details.reasoning_tokens];
        for (const n of all) expect(Number.isInteger(n) && n >= 0).toBe(true);
        expect(u.total_tokens).toBe(u.input_tokens + u.output_tokens);
        expect(u.output_tokens_details.reasoning_tokens).toBeLessThanOrEqual(u.output_tokens);
        expect(u.input_tokens_details.cached_tokens).toBeLessThanOrEqual(u.input_tokens);
      }),
    );
  });

  it('stays exact for counts near the largest doubles (a counterexample fast-check once found)', () => {
    const u = buildUsage({ inputTokens: 9.9792015476736e291, cachedTokens: 0, outputTokens: 1.7976931348623157e308, reasoningTokens: 0 });
    expect(Number.isSafeInteger(u.total_tokens)).toBe(true);
    expect(u.total_tokens).toBe(u.input_tokens + u.output_tokens);
  });
});

describe('promptTokens', async () => {
  const tokenizer = await loadTokenizer();
  const conversation = [
    { role: 'user', content: 'Tell me about the history of tea in Japan and China, in detail.' },
    { role: 'assistant', content: 'Tea came to Japan from China in the ninth century.' },
    { role: 'user', content: 'And matcha?' },
  ];

  it('grows with the input and counts instructions and tools', () => {
    const small = promptTokens({ input: 'Hi' }, tokenizer).inputTokens;
    const more = promptTokens({ input: 'Hi', instructions: 'Answer briefly, in French.' } as never, tokenizer).inputTokens;
    const tools = promptTokens({ input: 'Hi', tools: [{ type: 'function', name: 'lookup', parameters: { type: 'object' } }] } as never, tokenizer).inputTokens;
    expect(more).toBeGreaterThan(small);
    expect(tools).toBeGreaterThan(small);
  });

  it('has a cacheable prefix only when the request asks for prompt caching', () => {
    expect(promptTokens({ input: conversation } as never, tokenizer)).toMatchObject({ cacheableTokens: 0, cacheablePrefix: '' });
    const keyed = promptTokens({ input: conversation, prompt_cache_key: 'tea' } as never, tokenizer);
    const controlled = promptTokens({ input: conversation, cache_control: { type: 'ephemeral' } } as never, tokenizer);
    expect(keyed.cacheableTokens).toBeGreaterThan(0);
    expect(keyed.cacheableTokens).toBeLessThan(keyed.inputTokens);
    expect(keyed.cacheablePrefix).toContain('Tea came to Japan');
    expect(keyed.cacheablePrefix).not.toContain('And matcha?');
    expect(controlled).toEqual(keyed);
  });
});
