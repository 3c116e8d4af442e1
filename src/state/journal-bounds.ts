/**
 * The request header naming the conformance check that sent a request (`gatewaykit conform` sets
 * it on every request); the journal shows it as the entry's `check` and filters by it.
 */
export const CHECK_HEADER = 'x-gatewaykit-check';

/** Default number of requests the journal keeps (`journalLimit`). */
export const DEFAULT_JOURNAL_ENTRIES = 1000;
/** Default bytes the journal may hold, bodies and headers included (`journalMaxBytes`, `--journal-max-bytes`). */
export const DEFAULT_JOURNAL_BYTES = 16 * 1024 * 1024;
/** The most of one request body the journal keeps; past it, an excerpt and the size. */
export const JOURNAL_BODY_LIMIT = 64 * 1024;
/** The most of one answer body the journal keeps. */
export const JOURNAL_ANSWER_LIMIT = 16 * 1024;
/** The most events of one streamed answer the journal keeps, and their bytes in all. */
export const JOURNAL_EVENT_LIMIT = 256;
export const JOURNAL_EVENT_BYTES = 32 * 1024;
/** A page holds entries up to about this many kept bytes (at least one entry): reading it stays quick. */
export const JOURNAL_PAGE_BYTES = 2 * 1024 * 1024;
/** What an entry costs beyond its bodies and headers (object, numbers, short strings): an estimate. */
export const JOURNAL_ENTRY_OVERHEAD = 320;
