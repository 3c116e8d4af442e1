import type { ByteRing } from './byte-ring.ts';
import { JOURNAL_PAGE_BYTES } from './journal-bounds.ts';
import type { JournalEntry, JournalPage } from './journal-entry.ts';
import type { JournalQuery } from './journal-query.ts';
import type { JournalQueue } from './journal-queue.ts';
import { checkMatches, checkOf, failureOf, showEntry } from './journal-show.ts';
import type { Stored } from './journal-stored.ts';

/** A stream that failed after a 2xx status line also matches the status of its failure (5xx). */
function failedIn(s: Stored, ring: ByteRing, ranges: readonly { min: number; max: number }[]): boolean {
  const failure = s.events ? failureOf(s, ring) : undefined;
  return failure !== undefined && ranges.some((range) => failure.status >= range.min && failure.status <= range.max);
}

/** Whether a kept entry matches every filter of the query. */
function matches(s: Stored, ring: ByteRing, q: JournalQuery): boolean {
  return (
    (q.method === undefined || s.method === q.method) &&
    (q.path === undefined || (q.path.prefix ? s.path.startsWith(q.path.value) : s.path === q.path.value)) &&
    (q.status === undefined || q.status.some((range) => s.status >= range.min && s.status <= range.max) || failedIn(s, ring, q.status)) &&
    (q.since === undefined || s.receivedAt >= q.since) &&
    (q.model === undefined || s.model === q.model) &&
    (q.key === undefined || s.key === q.key) &&
    (q.operation === undefined || s.operation === q.operation) &&
    (q.check === undefined || checkMatches(checkOf(s, ring), q.check))
  );
}

/**
 * One page of the entries matching `q`, from its cursor in its order. A page is full at `limit`
 * entries or once their kept bytes reach the page bound.
 */
export function journalPage(queue: JournalQueue, ring: ByteRing, q: JournalQuery, total: number, scoped: (e: JournalEntry) => JournalEntry): JournalPage {
  const data: JournalEntry[] = [];
  let pageBytes = 0;
  let hasMore = false;
  let last: number | null = null;
  const full = () => data.length === q.limit || pageBytes >= JOURNAL_PAGE_BYTES;
  // Add entry i to the page when it matches; false once the page is full (more remain).
  const take = (i: number): boolean => {
    const s = queue.at(i);
    if (!matches(s, ring, q)) return true;
    if (full()) {
      hasMore = true;
      return false;
    }
    data.push(scoped(showEntry(s, ring)));
    pageBytes += s.size;
    last = s.seq;
    return true;
  };
  if (q.order === 'desc') {
    const start = (q.cursor === undefined ? queue.end() : queue.lowerBound(q.cursor)) - 1;
    for (let i = start; i >= queue.head() && take(i); i--);
  } else {
    const start = q.cursor === undefined ? queue.head() : queue.lowerBound(q.cursor + 1);
    for (let i = start; i < queue.end() && take(i); i++);
  }
  return { data, total, kept: queue.kept(), kept_bytes: queue.bytes(), has_more: hasMore, next_cursor: hasMore ? last : null };
}
