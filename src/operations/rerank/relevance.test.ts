import { describe, expect, it } from 'vitest';
import { rankDocuments } from './relevance.ts';

describe('rankDocuments', () => {
  it('ranks the documents sharing the query words first, unrelated ones at 0, ties in input order', () => {
    const docs = ['The weather in Lisbon is mild.', 'Berlin is the capital of Germany.', 'Paris is the capital of France.', 'The weather in Lisbon is mild.'];
    const ranked = rankDocuments('What is the capital of France?', docs);
    expect(ranked.map((r) => r.index)).toEqual([2, 1, 0, 3]);
    expect(ranked[0]!.relevance_score).toBeGreaterThan(ranked[1]!.relevance_score);
    expect(ranked[2]!.relevance_score).toBe(ranked[3]!.relevance_score);
    for (const r of ranked) expect(r.relevance_score).toBeGreaterThanOrEqual(0);
  });

  it('an inflected word still matches its stem; a document equal to the query scores 1', () => {
    const [first] = rankDocuments('baking bread', ['a car engine', 'she bakes bread daily']);
    expect(first!.index).toBe(1);
    expect(rankDocuments('same words here', ['same words here'])[0]!.relevance_score).toBe(1);
  });

  it('an image document is matched by its URL only', () => {
    const ranked = rankDocuments('cats', [{ image: 'https://x/cat.png' }, { text: 'cats and dogs' }]);
    expect(ranked[0]!.index).toBe(1);
    expect(ranked[1]!.relevance_score).toBe(0);
  });
});
