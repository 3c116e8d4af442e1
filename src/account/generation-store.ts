import type { GenerationRecord } from './generation-record.ts';

/** Default number of generations kept (the journal keeps 1000 requests too). */
export const DEFAULT_GENERATIONS_KEPT = 1000;

/** Recorded answers by `X-Generation-Id`, bounded: past the limit the oldest is forgotten. */
export interface GenerationStore<T extends { readonly id: string } = GenerationRecord> {
  add(record: T): void;
  get(id: string): T | undefined;
  /** Every kept record, oldest first. */
  list(): T[];
  size(): number;
  clear(): void;
}

/**
 * A bounded store of generations: the records in a ring of `maxEntries` slots, each id's slot in a Map,
 * so a lookup is one Map read and forgetting the oldest is overwriting the slot the ring comes to
 * next (no iterator per answer, as taking a Map's first key needs). A record added again under its
 * id (an id made again after the answer sequence restarted) replaces the earlier one in its slot.
 *
 * @example
 * const store = createGenerationStore(2);
 * store.add(a); store.add(b); store.add(c); // a is forgotten
 */
export function createGenerationStore<T extends { readonly id: string } = GenerationRecord>(maxEntries = DEFAULT_GENERATIONS_KEPT): GenerationStore<T> {
  const capacity = Math.max(0, Math.floor(maxEntries));
  const slotOf = new Map<string, number>();
  let records: Array<T | undefined> = new Array(capacity).fill(undefined);
  let next = 0;
  return {
    add(record) {
      if (capacity === 0) return;
      const earlier = slotOf.get(record.id);
      if (earlier !== undefined) {
        records[earlier] = record;
        return;
      }
      const oldest = records[next];
      if (oldest !== undefined) slotOf.delete(oldest.id);
      records[next] = record;
      slotOf.set(record.id, next);
      next = next + 1 === capacity ? 0 : next + 1;
    },
    get(id) {
      const slot = slotOf.get(id);
      return slot === undefined ? undefined : records[slot];
    },
    list() {
      // The ring from the slot written next (the oldest, once full) round to the newest.
      const ordered = [...records.slice(next), ...records.slice(0, next)];
      return ordered.filter((r): r is T => r !== undefined);
    },
    size: () => slotOf.size,
    clear() {
      slotOf.clear();
      records = new Array(capacity).fill(undefined);
      next = 0;
    },
  };
}
