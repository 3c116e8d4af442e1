import { describe, expect, it } from 'vitest';
import { CHECK_HEADER } from '../state/journal.ts';
import { checkSequence, createAnswerSequence, MAX_CHECK_SEQUENCES } from './answer-sequence.ts';

const plain = new Headers();
const from = (check: string) => new Headers({ [CHECK_HEADER]: check });

describe('answer sequence', () => {
  it('without a check header: 0, 1, 2, ... since start or reset', () => {
    const answers = createAnswerSequence();
    expect([answers.next(plain), answers.next(plain), answers.next(plain)]).toEqual([0, 1, 2]);
    answers.reset();
    expect(answers.next(plain)).toBe(0);
  });

  it("a check's answers are numbered by its own count, whatever other requests come in between", () => {
    const alone = createAnswerSequence();
    const a = [alone.next(from('a')), alone.next(from('a')), alone.next(from('a'))];
    const mixed = createAnswerSequence();
    const b: number[] = [];
    b.push(mixed.next(plain), mixed.next(from('b')));
    const a1 = mixed.next(from('a'));
    b.push(mixed.next(from('b')), mixed.next(plain));
    const a2 = mixed.next(from('a'));
    const a3 = mixed.next(from('a'));
    expect([a1, a2, a3]).toEqual(a);
    expect(a).toEqual([0, 1, 2].map((n) => checkSequence('a', n)));
    // Requests naming a check leave the shared count alone.
    expect(b[0]).toBe(0);
    expect(b[3]).toBe(1);
  });

  it('reset starts every check again', () => {
    const answers = createAnswerSequence();
    const first = answers.next(from('x'));
    answers.next(from('x'));
    answers.reset();
    expect(answers.next(from('x'))).toBe(first);
  });

  it('numbers of different checks differ, lie above the shared count and are safe integers', () => {
    const names = ['preflight', 'auth.missing-key', 'result.shape', 'stream.grammar', 'z'.repeat(8000), '', 'é'];
    const numbers = names.flatMap((name) => [checkSequence(name, 0), checkSequence(name, 1000)]);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const n of numbers) {
      expect(Number.isSafeInteger(n)).toBe(true);
      expect(n).toBeGreaterThanOrEqual(2 ** 21);
    }
  });

  it('an empty header counts as none; past the cap of names a new name draws from the shared count', () => {
    const answers = createAnswerSequence();
    expect(answers.next(from(''))).toBe(0);
    for (let i = 0; i < MAX_CHECK_SEQUENCES; i++) answers.next(from(`c${i}`));
    expect(answers.next(from('one-too-many'))).toBe(1);
    expect(answers.next(from('c0'))).toBe(checkSequence('c0', 1));
  });
});
