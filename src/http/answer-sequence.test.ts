import { describe, expect, it } from 'vitest';
import { CHECK_HEADER } from '../state/journal.ts';
import { checkSequence, createAnswerSequence, MAX_CHECK_SEQUENCES, SEQUENCE_HEADER } from './answer-sequence.ts';

const plain = new Headers();
const from = (check: string) => new Headers({ [CHECK_HEADER]: check });
const numbered = (check: string, n: string) => new Headers({ [CHECK_HEADER]: check, [SEQUENCE_HEADER]: n });
/** Where the simulator's own count of a check's requests starts in its block. */
const COUNTED = 2 ** 20;

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
    expect(a).toEqual([0, 1, 2].map((n) => checkSequence('a', COUNTED + n)));
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
    expect(answers.next(from('c0'))).toBe(checkSequence('c0', COUNTED + 1));
  });

  it('a request numbered by its sender draws by its number, whatever order the numbered ones arrive in', () => {
    const inOrder = createAnswerSequence();
    const sent = ['0', '1', '2'].map((n) => inOrder.next(numbered('a', n)));
    const shuffled = createAnswerSequence();
    const got = new Map(['2', '0', '1'].map((n) => [n, shuffled.next(numbered('a', n))]));
    expect(['0', '1', '2'].map((n) => got.get(n))).toEqual(sent);
    expect(sent).toEqual([0, 1, 2].map((n) => checkSequence('a', n)));
    // The numbered ones take nothing from the count, and never meet its numbers.
    expect(shuffled.next(from('a'))).toBe(checkSequence('a', COUNTED));
  });

  it('a number that is not a whole number below 2^20 counts as none', () => {
    const answers = createAnswerSequence();
    for (const bad of ['', '-1', '1.5', 'x', '1e3', String(2 ** 20), '12345678'])
      expect(answers.next(numbered('b', bad)), bad).toBeGreaterThanOrEqual(checkSequence('b', COUNTED));
  });
});
