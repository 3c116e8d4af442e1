import { describe, expect, it } from 'vitest';
import { properNouns } from './prompt-hints.ts';

describe('properNouns', () => {
  it('finds capitalised words past a sentence start, accented capitals (À to Þ) included', () => {
    expect(properNouns('Weather in Paris? Then trains from Ørsted to Élancourt via São Paulo.')).toEqual(['Paris', 'Ørsted', 'Élancourt', 'São Paulo']);
  });

  it('leaves out a sentence start and words that start in lower case, accented or not', () => {
    expect(properNouns('Hello there, see élan and Bob')).toEqual(['Bob']);
  });
});
