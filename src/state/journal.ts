/**
 * Bodies larger than this are not kept in the journal (only their size): 1,000 entries of
 * multi-megabyte bodies would otherwise hold gigabytes.
 */
export const JOURNAL_BODY_LIMIT = 64 * 1024;

/** One received request, as `GET /__gatewaykit/requests` lists it. */
export interface JournalEntry {
  seq: number;
  /** ISO time on the gateway clock. */
  received_at: string;
  method: string;
  path: string;
  operation: string;
  status: number;
  /** Request headers with the Authorization value masked. */
  headers: Record<string, string>;
  /** The parsed JSON body when the operation read one, if at most {@link JOURNAL_BODY_LIMIT} bytes. */
  body?: unknown;
  /** Size of the body the operation read, in bytes (also when the body itself was not kept). */
  body_bytes?: number;
}

/** The request journal: bounded, oldest dropped first, so a long-running server stays flat. */
export interface Journal {
  record(entry: Omit<JournalEntry, 'seq'>): JournalEntry;
  list(): JournalEntry[];
  /** Total requests seen since the last reset (including dropped ones). */
  count(): number;
  clear(): void;
}

export function createJournal(limit = 1000): Journal {
  // A ring: recording is O(1) once full (slicing the array on every request cost O(limit)).
  const capacity = Math.max(0, Math.floor(limit));
  let ring: JournalEntry[] = [];
  let next = 0; // where the next entry goes once the ring is full
  let seq = 0;
  return {
    record(entry) {
      const full = { seq: seq++, ...entry };
      if (capacity === 0) return full;
      if (ring.length < capacity) ring.push(full);
      else {
        ring[next] = full;
        next = (next + 1) % capacity;
      }
      return full;
    },
    list: () => (next === 0 ? ring.slice() : [...ring.slice(next), ...ring.slice(0, next)]),
    count: () => seq,
    clear() {
      ring = [];
      next = 0;
      seq = 0;
    },
  };
}

/** The largest time a JS Date holds (ECMA-262 21.4.1.1): 8.64e15 ms either side of the epoch. */
const MAX_DATE_MS = 8.64e15;

/**
 * ISO text of a clock reading that never throws: a virtual clock advanced past the Date range
 * (ms of 1e300 are finite) is clamped, because a journal entry must not turn a request into a crash.
 */
export function journalTime(ms: number): string {
  const clamped = Number.isFinite(ms) ? Math.max(-MAX_DATE_MS, Math.min(MAX_DATE_MS, ms)) : 0;
  return new Date(clamped).toISOString();
}

/** Headers for the journal: everything but secrets. */
export function journalHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = name === 'authorization' ? value.replace(/^(Bearer\s+\S{0,6})\S*/i, '$1…') : value;
  });
  return out;
}
