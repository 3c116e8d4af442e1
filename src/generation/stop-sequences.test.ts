import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstStop } from './first-stop.ts';
import { applyStop } from './stop-sequences.ts';

/** The rule stated plainly: the sequence whose end comes first, the longest on a tie (quadratic; for checking). */
function naiveFirstStop(text: string, stops: readonly string[]): { at: number; stop: string } | undefined {
  let best: { at: number; stop: string } | undefined;
  for (const stop of stops) {
    if (stop === '') continue;
    const at = text.indexOf(stop);
    if (at < 0) continue;
    const end = at + stop.length;
    const bestEnd = best ? best.at + best.stop.length : Infinity;
    if (end < bestEnd || (end === bestEnd && stop.length > best!.stop.length)) best = { at, stop };
  }
  return best;
}

describe('stop sequences', () => {
  it('ends the text before the first stop sequence met; reasoning stays whole, later calls go', () => {
    const plan = { text: 'One. Two. Three.', reasoning: { text: 'Two thoughts' }, calls: [{ name: 'f', arguments: '{"a":"Two"}' }] };
    expect(applyStop(plan, ['Three', 'Two'])).toEqual({ plan: { text: 'One. ', reasoning: plan.reasoning }, stopSequence: 'Two' });
    expect(applyStop(plan, ['Four']).plan).toBe(plan);
    expect(applyStop(plan, undefined).stopSequence).toBeUndefined();
  });

  it('one tie rule: the sequence ending first wins, the longest when two end at the same place', () => {
    expect(firstStop('abcd', ['abcd', 'bc'])).toEqual({ at: 1, stop: 'bc' });
    expect(firstStop('abcd', ['c', 'bc', 'abc'])).toEqual({ at: 0, stop: 'abc' });
    expect(firstStop('x\r\ny', ['\n'])).toEqual({ at: 2, stop: '\n' });
    expect(firstStop('ushers', ['he', 'she', 'hers'])).toEqual({ at: 1, stop: 'she' });
  });

  it('the automaton finds what the plain rule finds', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', 'c', '\n') }),
        fc.array(fc.string({ unit: fc.constantFrom('a', 'b', 'c', '\n'), minLength: 1, maxLength: 4 }), { maxLength: 6 }),
        (text, stops) => {
          expect(firstStop(text, stops)).toEqual(naiveFirstStop(text, stops));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('the cut text is a prefix of the text and holds no stop sequence', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string({ minLength: 1, maxLength: 3 }), { maxLength: 4 }), (text, stops) => {
        const cut = applyStop({ text }, stops).plan.text!;
        expect(text.startsWith(cut)).toBe(true);
        for (const s of stops) expect(cut.includes(s)).toBe(false);
      }),
    );
  });

  it('work is one pass over the reply whatever the number of sequences: a million-letter reply against many near misses', () => {
    const text = 'ab'.repeat(500_000);
    const stops = Array.from({ length: 64 }, (_, i) => `${'ab'.repeat(100)}${String.fromCharCode(0x4e00 + i)}`);
    // Every sequence nearly matches everywhere: a search per sequence reads the text 64 times over.
    expect(firstStop(text, stops)).toBeUndefined();
    expect(firstStop(`${text}${stops[7]}`, stops)).toEqual({ at: text.length, stop: stops[7] });
  });
});
