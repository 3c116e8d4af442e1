import { describe, expect, it } from 'vitest';
import { cachedCount } from './count-cache.ts';
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
});
