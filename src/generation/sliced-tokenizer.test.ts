import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random/seeded-random.ts';
import { OUTPUT_SLICE_CHARS, slicedTokenizer } from './sliced-tokenizer.ts';
import { loadTokenizer, SLICE_CHARS } from './tokenizer.ts';

/**
 * Texts longer than a slice, of the kinds replies are made of: each spans five slices or more and
 * is longer than the tokenizer's own slice (SLICE_CHARS), and the prose and the JSON string hold
 * runs longer than MAX_RUN.
 */
function texts(): string[] {
  const rng = seededRandom(7, 'sliced');
  const words = ['river', 'alpha', 'Kyoto', '{"a":', '1234', 'naïve', '日本語', ' ', '\n', 'x'.repeat(300)];
  const prose = Array.from({ length: 1400 }, () => rng.pick(words)).join(' ');
  const printable = Array.from({ length: 45_000 }, () => String.fromCharCode(32 + rng.int(0, 94))).join('');
  return [prose, printable, `{"a":"${'x'.repeat(45_000)}"}`, 'The quick brown fox. '.repeat(2000)];
}

describe('slicedTokenizer', () => {
  it('counts and cuts long texts exactly as the tokenizer does, awaiting a turn per slice', async () => {
    const tokenizer = await loadTokenizer();
    let turns = 0;
    const all = texts();
    for (const text of all) expect(text.length).toBeGreaterThan(Math.max(SLICE_CHARS, 5 * OUTPUT_SLICE_CHARS));
    const sliced = await slicedTokenizer(tokenizer, all, async () => void turns++);
    expect(turns).toBeGreaterThanOrEqual(all.reduce((n, t) => n + Math.floor(t.length / OUTPUT_SLICE_CHARS), 0));
    for (const text of all) {
      const total = tokenizer.count(text);
      expect(sliced.count(text)).toBe(total);
      for (const budget of [0, 7, Math.floor(total / 3), total - 1, total + 5]) {
        const cut = sliced.truncate(text, budget);
        expect(cut).toBe(tokenizer.truncate(text, budget));
        expect(sliced.count(cut)).toBe(tokenizer.count(cut));
      }
    }
  });

  it('leaves short texts to the tokenizer and asks for no turn', async () => {
    const tokenizer = await loadTokenizer();
    let turns = 0;
    const sliced = await slicedTokenizer(tokenizer, ['short reply'], async () => void turns++);
    expect(turns).toBe(0);
    expect(sliced).toBe(tokenizer);
  });
});
