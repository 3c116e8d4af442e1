import { describe, expect, it } from 'vitest';
import { cachedCount, rememberedCounts } from './count-cache.ts';
import { loadTokenizer } from './tokenizer.ts';

describe('cachedCount', () => {
  it('gives the counter’s own answers, encoding each short text once, within its bounds', () => {
    const calls: string[] = [];
    const count = cachedCount((t) => (calls.push(t), t.length), 2, 5);
    expect([count('ab'), count('ab'), count('abc'), count('ab')]).toEqual([2, 2, 3, 2]);
    expect(calls).toEqual(['ab', 'abc']);
    count('x'); // a third entry pushes out the oldest ('ab')
    count('ab');
    expect(calls).toEqual(['ab', 'abc', 'x', 'ab']);
    // Texts past the length bound are never kept.
    count('long text');
    count('long text');
    expect(calls.filter((t) => t === 'long text')).toHaveLength(2);
  });

  it('leaves the real tokenizer’s counts unchanged (first and repeated calls agree with the encoder)', async () => {
    const tokenizer = await loadTokenizer();
    const { encode } = await import('gpt-tokenizer/encoding/o200k_base');
    for (const text of ['Hello, world! naïve café ✨ 12345', 'the quick brown fox', '', ' a  b ']) {
      const exact = encode(text).length;
      expect(tokenizer.count(text)).toBe(exact);
      expect(tokenizer.count(text)).toBe(exact);
    }
  });

  it("rememberedCounts: a gateway's view counts as the tokenizer does, each text once, in a memo of its own", async () => {
    const tokenizer = await loadTokenizer();
    const calls: string[] = [];
    const counting = { ...tokenizer, count: (text: string) => (calls.push(text), tokenizer.count(text)) };
    const view = rememberedCounts();
    const other = rememberedCounts();
    expect(view(counting)).toBe(view(counting));
    expect([view(counting).count('the sea'), view(counting).count('the sea')]).toEqual([tokenizer.count('the sea'), tokenizer.count('the sea')]);
    expect(calls).toEqual(['the sea']);
    other(counting).count('the sea');
    expect(calls).toEqual(['the sea', 'the sea']);
    expect(view(counting).truncate('the sea is wide', 2)).toBe(tokenizer.truncate('the sea is wide', 2));
  });
});
