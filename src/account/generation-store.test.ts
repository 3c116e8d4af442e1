import { describe, expect, it } from 'vitest';
import type { GenerationRecord } from './generation-record.ts';
import { createGenerationStore } from './generation-store.ts';

const record = (id: string, cost = 0): GenerationRecord =>
  ({
    id,
    apiType: 'completions',
    model: 'm/x',
    providerName: null,
    streamed: false,
    finishReason: 'stop',
    tokensPrompt: 1,
    tokensCompletion: 1,
    cost,
    isByok: false,
    createdAt: 0,
    latencyMs: 0,
    generationTimeMs: 0,
    apiKey: 'k',
  }) as GenerationRecord;

describe('createGenerationStore', () => {
  it('lists the kept records oldest first, before and after the ring wraps', () => {
    const store = createGenerationStore(3);
    store.add(record('a'));
    store.add(record('b'));
    expect(store.list().map((r) => r.id)).toEqual(['a', 'b']);
    store.add(record('c'));
    store.add(record('d'));
    expect(store.list().map((r) => r.id)).toEqual(['b', 'c', 'd']);
    expect(store.get('a')).toBeUndefined();
  });

  it('a record added again under its id replaces the earlier one in place', () => {
    const store = createGenerationStore(3);
    store.add(record('a', 1));
    store.add(record('b'));
    store.add(record('a', 2));
    expect(store.list().map((r) => [r.id, r.cost])).toEqual([
      ['a', 2],
      ['b', 0],
    ]);
    store.clear();
    expect(store.list()).toEqual([]);
  });
});
