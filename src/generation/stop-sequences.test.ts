import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyStop, stopSequences } from './stop-sequences.ts';

describe('stop sequences', () => {
  it('reads a string or a list, dropping empty and non-string entries', () => {
    expect(stopSequences({ stop: 'END' })).toEqual(['END']);
    expect(stopSequences({ stop: ['\n\n', '', 3, 'x'] })).toEqual(['\n\n', 'x']);
    expect(stopSequences({})).toEqual([]);
    expect(stopSequences({ stop: null })).toEqual([]);
  });

  it('ends the text before the earliest stop sequence; reasoning and calls stay whole', () => {
    const plan = { text: 'One. Two. Three.', reasoning: { text: 'Two thoughts' }, calls: [{ name: 'f', arguments: '{"a":"Two"}' }] };
    expect(applyStop(plan, ['Three', 'Two'])).toEqual({ ...plan, text: 'One. ' });
    expect(applyStop(plan, ['Four'])).toBe(plan);
  });

  it('the cut text is a prefix of the text and holds no stop sequence', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string({ minLength: 1, maxLength: 3 }), { maxLength: 4 }), (text, stops) => {
        const cut = applyStop({ text }, stops).text!;
        expect(text.startsWith(cut)).toBe(true);
        for (const s of stops) expect(cut.includes(s)).toBe(false);
      }),
    );
  });
});
