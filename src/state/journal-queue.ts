import type { Stored } from './journal-stored.ts';

/** The kept entries, oldest first, and the bytes they hold; the journal's bounds applied on each change. */
export interface JournalQueue {
  /** Keep an entry (then drop the oldest past the bounds). */
  push(s: Stored): void;
  /** A kept entry grew by `cost` bytes (events of its stream). */
  grow(cost: number): void;
  /** Drop the oldest entries past either bound. */
  trim(): void;
  /** Drop the oldest entry; false when none is kept. */
  dropOldest(): boolean;
  oldest(): Stored | undefined;
  /** Index range of the kept entries: `head()` to `end()` (exclusive), read with `at(i)`. */
  head(): number;
  end(): number;
  at(i: number): Stored;
  /** Index of the first kept entry with seq >= `target` (seqs increase along the queue). */
  lowerBound(target: number): number;
  kept(): number;
  bytes(): number;
  /** Forget every entry (each marked dropped, so a stream still writing adds nothing). */
  clear(): void;
}

/**
 * A queue as an array and a head index: shift() is O(n) on large arrays; the dead prefix is cut
 * off once it is half the array (amortised O(1)).
 */
export function createJournalQueue(maxEntries: number, maxBytes: number): JournalQueue {
  let entries: Stored[] = [];
  let head = 0;
  let bytes = 0;
  const dropOldest = (): boolean => {
    const oldest = entries[head];
    if (!oldest) return false;
    entries[head] = undefined as unknown as Stored;
    head++;
    oldest.dropped = true;
    bytes -= oldest.size;
    if (head > 1024 && head * 2 > entries.length) {
      entries = entries.slice(head);
      head = 0;
    }
    return true;
  };
  const trim = () => {
    while (entries.length - head > maxEntries || (bytes > maxBytes && entries.length - head > 0)) dropOldest();
  };
  return {
    push(s) {
      entries.push(s);
      bytes += s.size;
      trim();
    },
    grow(cost) {
      bytes += cost;
    },
    trim,
    dropOldest,
    oldest: () => entries[head],
    head: () => head,
    end: () => entries.length,
    at: (i) => entries[i] as Stored,
    lowerBound(target) {
      let lo = head;
      let hi = entries.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((entries[mid] as Stored).seq < target) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    },
    kept: () => entries.length - head,
    bytes: () => bytes,
    clear() {
      for (let i = head; i < entries.length; i++) (entries[i] as Stored).dropped = true;
      entries = [];
      head = 0;
      bytes = 0;
    },
  };
}
