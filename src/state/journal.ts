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

/** Headers for the journal: everything but secrets. */
export function journalHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = name === 'authorization' ? value.replace(/^(Bearer\s+\S{0,6})\S*/i, '$1…') : value;
  });
  return out;
}
