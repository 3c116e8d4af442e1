import { createByteRing } from './byte-ring.ts';
import { DEFAULT_JOURNAL_BYTES, DEFAULT_JOURNAL_ENTRIES, JOURNAL_ANSWER_LIMIT, JOURNAL_BODY_LIMIT, JOURNAL_EVENT_BYTES } from './journal-bounds.ts';
import type { JournalEntry, JournalHandle, JournalPage, JournalRecord } from './journal-entry.ts';
import { journalHandle } from './journal-handle.ts';
import { journalPage } from './journal-page.ts';
import type { JournalQuery } from './journal-query.ts';
import { createJournalQueue } from './journal-queue.ts';
import { showEntry } from './journal-show.ts';
import { storeRecord } from './journal-stored.ts';

export {
  CHECK_HEADER,
  DEFAULT_JOURNAL_BYTES,
  DEFAULT_JOURNAL_ENTRIES,
  JOURNAL_ANSWER_LIMIT,
  JOURNAL_BODY_LIMIT,
  JOURNAL_EVENT_BYTES,
  JOURNAL_EVENT_LIMIT,
  JOURNAL_PAGE_BYTES,
} from './journal-bounds.ts';
export type { JournalAnswer, JournalEntry, JournalEvent, JournalHandle, JournalPage, JournalRecord } from './journal-entry.ts';
export { journalTime } from './journal-time.ts';

/** The request journal: bounded in entries and in bytes, oldest dropped first. */
export interface Journal {
  record(entry: JournalRecord): JournalHandle;
  /** Every kept entry, oldest first. */
  list(): JournalEntry[];
  /** A filtered page (src/state/journal-query.ts). */
  query(query: JournalQuery): JournalPage;
  /** Total requests seen since the last reset (including dropped ones). */
  count(): number;
  clear(): void;
}

export interface JournalOptions {
  /** Most entries kept. Default {@link DEFAULT_JOURNAL_ENTRIES}. */
  maxEntries?: number;
  /** Most bytes kept (bodies, excerpts, events, headers, an estimate per entry). Default {@link DEFAULT_JOURNAL_BYTES}. */
  maxBytes?: number;
  /** The gateway clock: stream events are timed on it. */
  now: () => number;
  /** The scope (`X-Test-Id`) this journal belongs to, shown on each entry; none for the default scope. */
  scope?: string;
}

/**
 * Create a request journal. Recording is amortised O(1); entries are dropped oldest first once
 * either bound is reached. Bodies are kept as raw bytes (a copy of at most the body limit) and
 * parsed only when the journal is read, so a flood of large or rejected bodies costs their bytes,
 * not the objects they would parse into.
 *
 * @example
 * const journal = createJournal({ maxEntries: 100, maxBytes: 1 << 20, now: () => clock.now() });
 * journal.record({ receivedAt: 0, method: 'GET', path: '/api/v1/models', operation: 'models.list', headers: {}, response: { status: 200, headers: {} } });
 * journal.query({ status: [{ min: 200, max: 299 }] }).data.length; // 1
 */
export function createJournal(options: JournalOptions): Journal {
  const maxEntries = Math.max(0, Math.floor(options.maxEntries ?? DEFAULT_JOURNAL_ENTRIES));
  const maxBytes = Math.max(0, Math.floor(options.maxBytes ?? DEFAULT_JOURNAL_BYTES));
  // One entry may use at most a quarter of the budget for its request body, so a small budget
  // still keeps a few entries rather than one.
  const limits = {
    bodyLimit: Math.min(JOURNAL_BODY_LIMIT, Math.floor(maxBytes / 4)),
    answerLimit: Math.min(JOURNAL_ANSWER_LIMIT, Math.floor(maxBytes / 8)),
    dropped: maxEntries === 0,
  };
  const scope = options.scope;
  const scoped = (entry: JournalEntry): JournalEntry => {
    if (scope !== undefined) entry.scope = scope;
    return entry;
  };
  const queue = createJournalQueue(maxEntries, maxBytes);
  let seq = 0;
  // The kept bytes of every entry. Live ring bytes never pass `maxBytes` (they are counted in the
  // queue's bytes), and a single write is at most the body limit: with that much slack the ring
  // never has to drop an entry the bounds would keep.
  const ring = createByteRing({
    maxCapacity: maxBytes + 2 * JOURNAL_BODY_LIMIT,
    initialCapacity: Math.min(64 * 1024, maxBytes + 2 * JOURNAL_BODY_LIMIT),
    oldestLive: () => queue.oldest()?.firstAt ?? ring.written,
    dropOldest: queue.dropOldest,
  });
  const room = { ring, queue, now: () => options.now(), eventBytesLimit: Math.min(JOURNAL_EVENT_BYTES, Math.floor(maxBytes / 8)) };
  return {
    record(r) {
      const stored = storeRecord(r, seq++, ring, limits);
      if (!stored.dropped) queue.push(stored);
      return journalHandle(stored, room);
    },
    list: () => {
      const kept: JournalEntry[] = [];
      for (let i = queue.head(); i < queue.end(); i++) kept.push(scoped(showEntry(queue.at(i), ring)));
      return kept;
    },
    query: (q) => journalPage(queue, ring, q, seq, scoped),
    count: () => seq,
    clear() {
      queue.clear();
      seq = 0;
    },
  };
}
