import type { GenerationRecord } from './generation-record.ts';

/** Default number of generations kept (the journal keeps 1000 requests too). */
export const DEFAULT_GENERATIONS_KEPT = 1000;

/** Recorded answers by `X-Generation-Id`, bounded: past the limit the oldest is forgotten. */
export interface GenerationStore {
  add(record: GenerationRecord): void;
  get(id: string): GenerationRecord | undefined;
  size(): number;
  clear(): void;
}

/**
 * A bounded store of generations: a Map in insertion order, so lookups are O(1) and the oldest
 * entry is the first key.
 *
 * @example
 * const store = createGenerationStore(2);
 * store.add(a); store.add(b); store.add(c); // a is forgotten
 */
export function createGenerationStore(maxEntries = DEFAULT_GENERATIONS_KEPT): GenerationStore {
  const byId = new Map<string, GenerationRecord>();
  return {
    add(record) {
      // A re-used id (the same sequence after a reset) replaces the earlier answer, as the newest.
      byId.delete(record.id);
      byId.set(record.id, record);
      while (byId.size > maxEntries) {
        const oldest = byId.keys().next().value as string;
        byId.delete(oldest);
      }
    },
    get: (id) => byId.get(id),
    size: () => byId.size,
    clear: () => byId.clear(),
  };
}
