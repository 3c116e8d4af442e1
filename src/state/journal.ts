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
  /** The parsed JSON body when the operation read one. */
  body?: unknown;
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
  let entries: JournalEntry[] = [];
  let seq = 0;
  return {
    record(entry) {
      const full = { seq: seq++, ...entry };
      entries.push(full);
      if (entries.length > limit) entries = entries.slice(entries.length - limit);
      return full;
    },
    list: () => entries.slice(),
    count: () => seq,
    clear() {
      entries = [];
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
