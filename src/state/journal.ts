import { MAX_JSON_DEPTH, jsonDepthExceeds } from '../json/json-depth.ts';
import { maskHeaders, type HeaderSource } from './mask-credentials.ts';
import { utf8ByteLength } from '../bytes/utf8-length.ts';
import { createByteRing, type ByteRing } from './byte-ring.ts';
import { packHeaders, unpackHeaders } from './packed-headers.ts';
import { createStreamLog, logPiece, type StreamLog } from './stream-log.ts';
import { streamFailure, type StreamFailure } from './stream-failure.ts';
import type { JournalQuery } from './journal-query.ts';

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
const ENTRY_OVERHEAD = 320;

/** One event of a streamed answer, as sent. */
export interface JournalEvent {
  /** When it was handed to the client, in ms after the request arrived (gateway clock). */
  offset_ms: number;
  /** The bytes sent, as text (an SSE event, or several). */
  data: string;
}

/** The answer a request got. */
export interface JournalAnswer {
  status: number;
  /** Response headers, credentials masked. */
  headers: Record<string, string>;
  /** The answer body parsed as JSON, when it was kept whole and is JSON. */
  body?: unknown;
  /** The first {@link JOURNAL_ANSWER_LIMIT} characters of the body otherwise. */
  body_excerpt?: string;
  /** UTF-8 size of the whole body, when known (not for binary bodies such as video content). */
  body_bytes?: number;
  /** Streamed answers: the events in order with their times, the first {@link JOURNAL_EVENT_LIMIT}. */
  events?: JournalEvent[];
  /** Streamed answers: events sent but not kept (past the event bounds). */
  events_dropped?: number;
  /** Streamed answers that ended in an error event or `response.failed` after a 2xx status line. */
  failed?: StreamFailure;
}

/** One received request, as `GET /__gatewaykit/requests` lists it. */
export interface JournalEntry {
  seq: number;
  /** ISO time on the gateway clock. */
  received_at: string;
  method: string;
  path: string;
  operation: string;
  status: number;
  /** Request headers, every credential masked (Authorization of any scheme, cookies, x-api-key, ...). */
  headers: Record<string, string>;
  /** The `model` the request body named, if any. */
  model?: string;
  /** A masked id of the API key that authenticated it (never the key itself). */
  key?: string;
  /** The body parsed as JSON, when it was kept whole (at most {@link JOURNAL_BODY_LIMIT} bytes) and is JSON. */
  body?: unknown;
  /** The start of the body as text otherwise (too large, not JSON, or nested too deep to show). */
  body_excerpt?: string;
  /** Size of the body that was read, in bytes (also when the body itself was not kept). */
  body_bytes?: number;
  /** What the gateway answered. */
  response: JournalAnswer;
  /** The answer is a masked 500 for an unexpected error (a bug): the server log has its stack, under this entry's X-Generation-Id. */
  unexpected_error?: true;
  /** The conformance check that sent it: its {@link CHECK_HEADER} header, when it had one. */
  check?: string;
  /** A warning the simulator answered with (its `x-gatewaykit-warning` header): a request it answered but likely not as meant. */
  warning?: string;
  /** The scope (`X-Test-Id`) whose journal holds the entry; absent in the default scope. */
  scope?: string;
}

/** What the dispatcher hands the journal about one request. */
export interface JournalRecord {
  /** Gateway clock reading when the request arrived (ms). */
  receivedAt: number;
  method: string;
  path: string;
  operation: string;
  /**
   * Request headers as received. The journal masks every credential when an entry is read
   * (src/state/mask-credentials.ts): nothing unmasked ever leaves it, and a request nobody
   * reads back costs no masking (hashing each credential was a measurable part of an answer).
   */
  headers: HeaderSource;
  /** The body bytes that were read, if any (the journal copies what it keeps). */
  body?: Uint8Array;
  model?: string;
  key?: string;
  /** The answer is a masked 500 for an unexpected error (a bug), reported on stderr with its X-Generation-Id. */
  unexpected?: boolean;
  response: {
    status: number;
    /** Response headers as sent, masked when read as the request's are. */
    headers: HeaderSource;
    /** The body text, when the gateway holds it as text. */
    text?: string;
    /** Its UTF-8, when the caller has (or will make) it anyway: kept without encoding the text again. */
    utf8?: () => Uint8Array;
  };
}

/** The handle of a recorded request: a streamed answer adds its events as they are sent. */
export interface JournalHandle {
  readonly seq: number;
  /**
   * Pieces `from` to `to` (default: all) of a streamed answer were handed to the client now. A
   * writer that hands several over at once says so in one call: one clock reading, and
   * neighbouring pieces copied in one go.
   */
  sent(pieces: readonly Uint8Array[], from?: number, to?: number): void;
  /**
   * Frames `from` to `to` of a streamed answer held as text (`list`, joined as `text`) were handed
   * to the client now: kept as the same pieces would be, without the pieces being made.
   */
  sentFrames(list: readonly string[], text: string, from: number, to: number): void;
}

/** One page of the journal. */
export interface JournalPage {
  data: JournalEntry[];
  /** Requests seen since the last reset, including those no longer kept. */
  total: number;
  /** Entries kept now, and the bytes they hold (bounded by `journalLimit` / `journalMaxBytes`). */
  kept: number;
  kept_bytes: number;
  /** More entries match past this page: pass `next_cursor` as `cursor` to get them. */
  has_more: boolean;
  next_cursor: number | null;
}

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
 * One kept entry. Its headers, body and answer are bytes in the journal's ring
 * (src/state/byte-ring.ts), found by position and length (-1: none), so an entry is a handful of
 * numbers and short strings for the garbage collector, however much it holds.
 */
interface Stored {
  readonly seq: number;
  readonly receivedAt: number;
  readonly method: string;
  readonly path: string;
  readonly operation: string;
  readonly model: string | undefined;
  readonly key: string | undefined;
  readonly unexpected: boolean;
  /** Ring position when the entry was recorded: nothing of it lies before. */
  readonly firstAt: number;
  /** Request headers as received (packed, src/state/packed-headers.ts, as UTF-8), masked when shown. */
  readonly headersAt: number;
  readonly headersLength: number;
  /** The packed list itself when it could not go in the ring as text (a hand-built record). */
  readonly headersList: readonly string[] | undefined;
  readonly responseHeadersAt: number;
  readonly responseHeadersLength: number;
  readonly responseHeadersList: readonly string[] | undefined;
  /** Raw body bytes kept (at most the body limit); parsed only when read. */
  readonly bodyAt: number;
  readonly bodyLength: number;
  readonly bodyBytes: number | undefined;
  readonly status: number;
  /**
   * The answer text kept (at most the answer limit), as UTF-8 in the ring; a whole answer the
   * caller held only as text, or a text that is not well-formed, stays the string it was.
   */
  readonly answerAt: number;
  readonly answerLength: number;
  readonly answerString: string | undefined;
  readonly answerWhole: boolean;
  /** UTF-8 size of the whole answer; {@link MEASURE_WHEN_SHOWN} for a text kept as a string until read. */
  answerBytes: number | undefined;
  /** Both header lists masked, made on the first read of the entry. */
  masked: { request: Record<string, string>; response: Record<string, string> } | undefined;
  /** Its {@link CHECK_HEADER}, read from the kept headers on the first read that needs it (null: none). */
  check: string | null | undefined;
  events: StreamLog | undefined;
  eventBytes: number;
  eventsDropped: number;
  size: number;
  dropped: boolean;
}

/** `answerBytes` of an answer kept as its string: measured on the first read. */
const MEASURE_WHEN_SHOWN = -1;

const lenient = new TextDecoder('utf-8');
const utf8Encoder = new TextEncoder();

/**
 * A kept text as the journal shows it: parsed JSON when it is whole and JSON (and shallow enough
 * for the journal's own answer to be serialised), otherwise the text itself.
 */
function showText(text: string, whole: boolean): { body: unknown } | { body_excerpt: string } {
  if (whole) {
    const first = text.trimStart()[0];
    if (first === '{' || first === '[' || first === '"') {
      try {
        const parsed: unknown = JSON.parse(text);
        if (typeof parsed !== 'object' || parsed === null || !jsonDepthExceeds(text, MAX_JSON_DEPTH)) return { body: parsed };
      } catch {
        // not JSON: shown as text
      }
    }
  }
  return { body_excerpt: text };
}

function checkMatches(check: string | undefined, filter: { value: string; prefix: boolean }): boolean {
  return check !== undefined && (filter.prefix ? check.startsWith(filter.value) : check === filter.value);
}

/** ISO text of a clock reading that never throws (clamped to the Date range, ECMA-262 21.4.1.1). */
export function journalTime(ms: number): string {
  const MAX_DATE_MS = 8.64e15;
  const clamped = Number.isFinite(ms) ? Math.max(-MAX_DATE_MS, Math.min(MAX_DATE_MS, ms)) : 0;
  return new Date(clamped).toISOString();
}

/** What the ring holds at [at, at + length) as text; '' when nothing was kept or it is gone. */
function ringText(ring: ByteRing, at: number, length: number): string {
  return at < 0 ? '' : (ring.readText(at, length) ?? '');
}

function headersOf(ring: ByteRing, at: number, length: number, list: readonly string[] | undefined): Record<string, string> {
  return unpackHeaders(list ?? ringText(ring, at, length));
}

/**
 * The check that sent an entry, read from its kept request headers when first asked: recording
 * stays as cheap as without it, and only a read of the journal pays.
 */
function checkOf(s: Stored, ring: ByteRing): string | undefined {
  if (s.check === undefined) {
    const headers = headersOf(ring, s.headersAt, s.headersLength, s.headersList);
    let found: string | null = null;
    for (const name of Object.keys(headers)) if (name.toLowerCase() === CHECK_HEADER) found = headers[name] as string;
    s.check = found;
  }
  return s.check ?? undefined;
}

function show(s: Stored, ring: ByteRing): JournalEntry {
  const masked = (s.masked ??= {
    request: maskHeaders(headersOf(ring, s.headersAt, s.headersLength, s.headersList)),
    response: maskHeaders(headersOf(ring, s.responseHeadersAt, s.responseHeadersLength, s.responseHeadersList)),
  });
  const entry: JournalEntry = {
    seq: s.seq,
    received_at: journalTime(s.receivedAt),
    method: s.method,
    path: s.path,
    operation: s.operation,
    status: s.status,
    headers: { ...masked.request },
    response: { status: s.status, headers: { ...masked.response } },
  };
  if (s.model !== undefined) entry.model = s.model;
  if (s.key !== undefined) entry.key = s.key;
  if (s.unexpected) entry.unexpected_error = true;
  const check = checkOf(s, ring);
  if (check !== undefined) entry.check = check;
  for (const name in masked.response) if (name.toLowerCase() === 'x-gatewaykit-warning') entry.warning = masked.response[name];
  if (s.bodyAt >= 0) {
    Object.assign(entry, showText(lenient.decode(ring.read(s.bodyAt, s.bodyLength) ?? new Uint8Array(0)), s.bodyLength === s.bodyBytes));
    entry.body_bytes = s.bodyBytes;
  }
  const answer = entry.response;
  const answerText = s.answerString ?? (s.answerAt >= 0 ? ringText(ring, s.answerAt, s.answerLength) : undefined);
  if (answerText !== undefined) Object.assign(answer, showText(answerText, s.answerWhole));
  if (s.answerBytes === MEASURE_WHEN_SHOWN) s.answerBytes = utf8ByteLength(s.answerString ?? '');
  if (s.answerBytes !== undefined) answer.body_bytes = s.answerBytes;
  if (s.events) {
    // One decoder across the events: a character split between two pieces is shown whole.
    const decoder = new TextDecoder('utf-8');
    const log = s.events;
    answer.events = log.starts.map((at, i) => ({
      offset_ms: log.times[i] as number,
      data: decoder.decode(ring.read(at, log.lengths[i] as number) ?? new Uint8Array(0), { stream: true }),
    }));
    answer.events_dropped = s.eventsDropped;
    const failure = failureOf(s, ring);
    if (failure) answer.failed = failure;
  }
  return entry;
}

/** The pieces a stream's failure is looked for in: its last few (the terminal events). */
const FAILURE_TAIL_PIECES = 4;

/** How a kept stream failed after its status line, read from its last kept events. */
function failureOf(s: Stored, ring: ByteRing): StreamFailure | undefined {
  const log = s.events;
  if (!log || log.starts.length === 0 || s.status >= 400) return undefined;
  let tail = '';
  for (let i = Math.max(0, log.starts.length - FAILURE_TAIL_PIECES); i < log.starts.length; i++)
    tail += ringText(ring, log.starts[i] as number, log.lengths[i] as number);
  return streamFailure(tail);
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
  const bodyLimit = Math.min(JOURNAL_BODY_LIMIT, Math.floor(maxBytes / 4));
  const answerLimit = Math.min(JOURNAL_ANSWER_LIMIT, Math.floor(maxBytes / 8));
  const eventBytesLimit = Math.min(JOURNAL_EVENT_BYTES, Math.floor(maxBytes / 8));
  const scope = options.scope;
  const scoped = (entry: JournalEntry): JournalEntry => {
    if (scope !== undefined) entry.scope = scope;
    return entry;
  };
  // A queue as an array and a head index: shift() is O(n) on large arrays; the dead prefix is
  // cut off once it is half the array (amortised O(1)).
  let entries: Stored[] = [];
  let head = 0;
  let bytes = 0;
  let seq = 0;
  // The kept bytes of every entry. Live ring bytes never pass `maxBytes` (they are counted in
  // `bytes`), and a single write is at most the body limit: with that much slack the ring never
  // has to drop an entry the bounds would keep.
  const ring = createByteRing({
    maxCapacity: maxBytes + 2 * JOURNAL_BODY_LIMIT,
    initialCapacity: Math.min(64 * 1024, maxBytes + 2 * JOURNAL_BODY_LIMIT),
    oldestLive: () => entries[head]?.firstAt ?? ring.written,
    dropOldest: () => {
      if (entries.length - head === 0) return false;
      dropOldest();
      return true;
    },
  });

  const dropOldest = () => {
    const oldest = entries[head];
    if (!oldest) return;
    entries[head] = undefined as unknown as Stored;
    head++;
    oldest.dropped = true;
    bytes -= oldest.size;
    if (head > 1024 && head * 2 > entries.length) {
      entries = entries.slice(head);
      head = 0;
    }
  };
  const trim = () => {
    while (entries.length - head > maxEntries || (bytes > maxBytes && entries.length - head > 0)) dropOldest();
  };
  /** Index of the first kept entry with seq >= `target` (seqs increase along the queue). */
  const lowerBound = (target: number) => {
    let lo = head;
    let hi = entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((entries[mid] as Stored).seq < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  return {
    record(r) {
      const mySeq = seq++;
      const dropped = maxEntries === 0;
      const firstAt = ring.written;
      const requestHeaders = packHeaders(r.headers);
      const responseHeaders = packHeaders(r.response.headers);
      const keep = (packed: string | readonly string[]) => (dropped || typeof packed !== 'string' ? { at: -1, length: 0 } : ring.writeText(packed));
      const request = keep(requestHeaders.packed);
      const response = keep(responseHeaders.packed);
      const bodyLength = r.body ? Math.min(r.body.byteLength, bodyLimit) : 0;
      const bodyAt = r.body && !dropped ? ring.write(r.body.subarray(0, bodyLength)) : -1;
      const text = r.response.text;
      const answerText = text === undefined ? undefined : text.length > answerLimit ? text.slice(0, answerLimit) : text;
      const answerWhole = text !== undefined && text.length <= answerLimit;
      // A whole answer the caller holds only as text is kept as that string: nothing is copied or
      // measured until the entry is read (a string is one object to the collector, however long).
      // Bytes the caller made anyway are copied in; the start of a longer text is copied too (a
      // slice would keep the whole text alive).
      const byReference = answerWhole && !dropped && r.response.utf8 === undefined;
      // A text that is not well-formed UTF-16 would not come back from UTF-8 the same: kept as is.
      const wellFormed = byReference || answerText === undefined || (answerText as string & { isWellFormed?(): boolean }).isWellFormed?.() === true;
      const keepAnswer = answerText !== undefined && wellFormed && !dropped && !byReference;
      const answerUtf8 = keepAnswer && answerWhole ? r.response.utf8?.() : undefined;
      const answer = !keepAnswer
        ? { at: -1, length: 0 }
        : answerUtf8
          ? { at: ring.write(answerUtf8), length: answerUtf8.byteLength }
          : ring.writeText(answerText);
      const stored: Stored = {
        seq: mySeq,
        receivedAt: r.receivedAt,
        method: r.method,
        path: r.path.length > 2048 ? `${r.path.slice(0, 2048)}…` : r.path,
        operation: r.operation,
        model: r.model,
        key: r.key,
        unexpected: r.unexpected === true,
        firstAt,
        headersAt: request.at,
        headersLength: request.length,
        headersList: typeof requestHeaders.packed === 'string' ? undefined : requestHeaders.packed,
        responseHeadersAt: response.at,
        responseHeadersLength: response.length,
        responseHeadersList: typeof responseHeaders.packed === 'string' ? undefined : responseHeaders.packed,
        bodyAt,
        bodyLength,
        bodyBytes: r.body?.byteLength,
        status: r.response.status,
        answerAt: answer.at,
        answerLength: answer.length,
        answerString: answerText !== undefined && (byReference || !wellFormed) ? answerText : undefined,
        answerWhole,
        answerBytes: text === undefined ? undefined : byReference ? MEASURE_WHEN_SHOWN : answerWhole && answer.at >= 0 ? answer.length : utf8ByteLength(text),
        masked: undefined,
        check: undefined,
        events: undefined,
        eventBytes: 0,
        eventsDropped: 0,
        size: 0,
        dropped,
      };
      stored.size = ENTRY_OVERHEAD + requestHeaders.size + responseHeaders.size + bodyLength + (answerText?.length ?? 0) + stored.path.length;
      if (!stored.dropped) {
        entries.push(stored);
        bytes += stored.size;
        trim();
      }
      // Where the next frame handed over as text starts (see sentFrames).
      const frameCursor = { frame: 0, at: 0 };
      return {
        seq: mySeq,
        sent(pieces, from = 0, to = pieces.length) {
          if (stored.dropped || from >= to) return;
          const events = (stored.events ??= createStreamLog());
          const time = Math.max(0, options.now() - stored.receivedAt);
          // How many of the pieces fit the entry's event bounds, and whether they lie end to end
          // in one buffer (a stream's pieces do): then they are copied in with one write.
          let end = from;
          let total = 0;
          let contiguous = true;
          const first = pieces[from] as Uint8Array;
          while (end < to && events.starts.length + (end - from) < JOURNAL_EVENT_LIMIT) {
            const piece = pieces[end] as Uint8Array;
            if (total + piece.byteLength > eventBytesLimit - stored.eventBytes) break;
            if (piece.buffer !== first.buffer || piece.byteOffset !== first.byteOffset + total) contiguous = false;
            total += piece.byteLength;
            end++;
          }
          let at = contiguous && end > from ? ring.write(new Uint8Array(first.buffer, first.byteOffset, total)) : -1;
          // Making room may have dropped this very entry (the oldest): then nothing is counted.
          if (stored.dropped) return;
          for (let i = from; i < to; i++) {
            const room = eventBytesLimit - stored.eventBytes;
            if (events.starts.length >= JOURNAL_EVENT_LIMIT || room <= 0) {
              stored.eventsDropped += to - i;
              break;
            }
            const piece = pieces[i] as Uint8Array;
            let pieceAt: number;
            let length: number;
            if (i < end && at >= 0) {
              pieceAt = at;
              length = piece.byteLength;
              at += length;
            } else {
              // One at a time past the run, or when the pieces are not end to end; a piece that
              // does not fit whole is kept cut to the room left.
              length = Math.min(piece.byteLength, room);
              pieceAt = ring.write(length === piece.byteLength ? piece : piece.subarray(0, length));
              if (stored.dropped) return;
            }
            logPiece(events, pieceAt, length, time);
            stored.eventBytes += length;
            const cost = length + 32;
            stored.size += cost;
            bytes += cost;
          }
          trim();
        },
        sentFrames(list, text, from, to) {
          if (stored.dropped || from >= to) return;
          const events = (stored.events ??= createStreamLog());
          const time = Math.max(0, options.now() - stored.receivedAt);
          // Where frame `from` starts in the text: carried over from the previous call (a writer
          // hands frames over in order), else summed.
          let start = frameCursor.frame === from ? frameCursor.at : 0;
          if (frameCursor.frame !== from) for (let i = 0; i < from; i++) start += (list[i] as string).length;
          let end = start;
          for (let i = from; i < to; i++) end += (list[i] as string).length;
          frameCursor.frame = to;
          frameCursor.at = end;
          const slice = text.slice(start, end);
          const sliceBytes = utf8ByteLength(slice);
          // Each frame measured once, and only when some character takes more than one byte.
          const frameBytes: number[] | undefined = sliceBytes === slice.length ? undefined : [];
          // The frames that fit the entry's bounds whole go into the ring in one write.
          let fit = from;
          let fitChars = 0;
          let fitBytes = 0;
          const room = eventBytesLimit - stored.eventBytes;
          while (fit < to && events.starts.length + (fit - from) < JOURNAL_EVENT_LIMIT) {
            const frame = list[fit] as string;
            const bytes = frameBytes ? utf8ByteLength(frame) : frame.length;
            if (fitBytes + bytes > room) break;
            frameBytes?.push(bytes);
            fitChars += frame.length;
            fitBytes += bytes;
            fit++;
          }
          if (fit > from) {
            const whole = fitChars === slice.length;
            let at = ring.writeText(whole ? slice : slice.slice(0, fitChars), whole ? sliceBytes : undefined).at;
            if (stored.dropped) return;
            for (let i = from; i < fit; i++) {
              const bytes = frameBytes ? (frameBytes[i - from] as number) : (list[i] as string).length;
              logPiece(events, at, bytes, time);
              at += bytes;
            }
            stored.eventBytes += fitBytes;
            const cost = fitBytes + 32 * (fit - from);
            stored.size += cost;
            bytes += cost;
          }
          // The rest as byte pieces: the first cut to the room left, the others past the bounds.
          if (fit < to) {
            const rest: Uint8Array[] = [];
            for (let i = fit; i < to; i++) rest.push(utf8Encoder.encode(list[i] as string));
            this.sent(rest, 0, rest.length);
            return;
          }
          trim();
        },
      };
    },
    list: () => entries.slice(head).map((e) => scoped(show(e, ring))),
    query(q) {
      const limit = q.limit;
      const data: JournalEntry[] = [];
      let pageBytes = 0;
      // Full when `limit` entries are in, or their kept bytes reach the page bound.
      const full = () => data.length === limit || pageBytes >= JOURNAL_PAGE_BYTES;
      let hasMore = false;
      let last: number | null = null;
      // A stream that failed after a 2xx status line also matches the status of its failure (5xx).
      const failedIn = (s: Stored, ranges: readonly { min: number; max: number }[]) => {
        const failure = s.events ? failureOf(s, ring) : undefined;
        return failure !== undefined && ranges.some((range) => failure.status >= range.min && failure.status <= range.max);
      };
      const matches = (s: Stored) =>
        (q.method === undefined || s.method === q.method) &&
        (q.path === undefined || (q.path.prefix ? s.path.startsWith(q.path.value) : s.path === q.path.value)) &&
        (q.status === undefined || q.status.some((range) => s.status >= range.min && s.status <= range.max) || failedIn(s, q.status)) &&
        (q.since === undefined || s.receivedAt >= q.since) &&
        (q.model === undefined || s.model === q.model) &&
        (q.key === undefined || s.key === q.key) &&
        (q.operation === undefined || s.operation === q.operation) &&
        (q.check === undefined || checkMatches(checkOf(s, ring), q.check));
      // Add entry i to the page when it matches; false once the page is full (more remain).
      const take = (i: number): boolean => {
        const s = entries[i] as Stored;
        if (!matches(s)) return true;
        if (full()) {
          hasMore = true;
          return false;
        }
        data.push(scoped(show(s, ring)));
        pageBytes += s.size;
        last = s.seq;
        return true;
      };
      if (q.order === 'desc') {
        const start = (q.cursor === undefined ? entries.length : lowerBound(q.cursor)) - 1;
        for (let i = start; i >= head && take(i); i--);
      } else {
        const start = q.cursor === undefined ? head : lowerBound(q.cursor + 1);
        for (let i = start; i < entries.length && take(i); i++);
      }
      return { data, total: seq, kept: entries.length - head, kept_bytes: bytes, has_more: hasMore, next_cursor: hasMore ? last : null };
    },
    count: () => seq,
    clear() {
      for (let i = head; i < entries.length; i++) (entries[i] as Stored).dropped = true;
      entries = [];
      head = 0;
      bytes = 0;
      seq = 0;
    },
  };
}
