import { describe, expect, it } from 'vitest';
import { loadTokenizer } from '../generation/tokenizer.ts';
import { PRECOUNT_MIN_CHARS, precountedPrompt, promptTokens, type SlicedCounter } from './prompt-tokens.ts';

describe('precountedPrompt', async () => {
  const tokenizer = await loadTokenizer();

  /** The real tokenizer, noting which texts each path counted. */
  const observed = () => {
    const plain: string[] = [];
    const sliced: string[] = [];
    const counter: SlicedCounter = {
      count: (text) => (plain.push(text), tokenizer.count(text)),
      countInSlices: async (text) => (sliced.push(text), tokenizer.countInSlices(text)),
    };
    return { counter, plain, sliced };
  };

  const big = 'Please summarise this report. '.repeat(Math.ceil((2 * PRECOUNT_MIN_CHARS) / 30));
  const tools = Array.from({ length: 800 }, (_, i) => ({
    type: 'function' as const,
    name: `tool_${i}`,
    description: 'Looks a thing up',
    parameters: { type: 'object', properties: { q: { type: 'string' } } },
  }));
  const requests = [
    { input: 'Hi' },
    { input: big },
    { instructions: big, input: [{ role: 'user' as const, content: 'short' }], tools },
    {
      input: [
        { role: 'user' as const, content: big },
        { role: 'assistant' as const, content: 'ok' },
        { role: 'user' as const, content: big },
      ],
      prompt_cache_key: 'k',
    },
  ];

  it('gives the counts of promptTokens with the plain counter, large texts counted once, in slices', async () => {
    for (const request of requests) {
      const { counter, plain, sliced } = observed();
      const count = await precountedPrompt(request, counter);
      const before = plain.length;
      expect(promptTokens(request, count)).toEqual(promptTokens(request, tokenizer.count));
      // The large texts went through countInSlices (each distinct text once), never through count.
      expect(new Set(sliced).size).toBe(sliced.length);
      expect(plain.slice(before).every((text) => text.length < PRECOUNT_MIN_CHARS)).toBe(true);
      if (request.input === big || request.instructions === big) expect(sliced).toContain(big);
    }
  });

  it('a prompt with no large text uses the counter as it is', async () => {
    const { counter, sliced } = observed();
    expect(await precountedPrompt({ input: 'Hi' }, counter)).toBe(counter.count);
    expect(sliced).toEqual([]);
  });
});
