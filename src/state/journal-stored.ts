import { utf8ByteLength } from '../bytes/utf8-length.ts';
import type { Delivery } from '../types/delivery.ts';
import type { ByteRing } from './byte-ring.ts';
import { JOURNAL_ENTRY_OVERHEAD } from './journal-bounds.ts';
import type { JournalRecord } from './journal-entry.ts';
import { packExchangeHeaders } from './packed-headers.ts';
import type { StreamLog } from './stream-log.ts';

/**
 * One kept entry. Its headers, body and answer are bytes in the journal's ring
 * (src/state/byte-ring.ts), found by position and length (-1: none), so an entry is a handful of
 * numbers and short strings for the garbage collector, however much it holds.
 */
export interface Stored {
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
  /**
   * Request headers as received, then the response's as sent: one packed text
   * (src/state/packed-headers.ts `packExchangeHeaders`, as UTF-8), masked when shown.
   */
  readonly headersAt: number;
  readonly headersLength: number;
  /** How many of the packed strings are the request's (the rest are the response's). */
  readonly requestHeaderItems: number;
  /** The two lists themselves when they could not go in the ring as text (a hand-built record). */
  readonly headersLists: readonly [readonly string[], readonly string[]] | undefined;
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
  /** A stream the client left: how many of its pieces it was handed (undefined: whole, or not a stream). */
  clientLeft: Delivery | undefined;
  size: number;
  dropped: boolean;
}

/** `answerBytes` of an answer kept as its string: measured on the first read. */
export const MEASURE_WHEN_SHOWN = -1;

/** How much of one entry the journal keeps, and whether it keeps the entry at all. */
export interface StoreLimits {
  bodyLimit: number;
  answerLimit: number;
  /** Nothing is kept (a journal of 0 entries): the entry is counted only. */
  dropped: boolean;
}

/** Where a part not written into the ring is: nowhere. */
const NOT_KEPT = { at: -1, length: 0 } as const;

type KeptAnswer = Pick<Stored, 'answerAt' | 'answerLength' | 'answerString' | 'answerWhole' | 'answerBytes'> & { keptChars: number };

/**
 * Where the answer text goes: its UTF-8 encoded straight into the ring, so a kept answer costs the
 * garbage collector nothing. A text kept as the string it was
 * would stay on the heap for as long as the entry, and every scavenge until then would copy it.
 * Only a text that is not well-formed stays the string it was. The start of a longer text is
 * copied too (a slice would keep the whole text alive).
 */
function keepAnswer(response: JournalRecord['response'], ring: ByteRing, limits: StoreLimits): KeptAnswer {
  const { answerLimit, dropped } = limits;
  const text = response.text;
  const answerText = text === undefined ? undefined : text.length > answerLimit ? text.slice(0, answerLimit) : text;
  const answerWhole = text !== undefined && text.length <= answerLimit;
  // A text that is not well-formed UTF-16 would not come back from UTF-8 the same: kept as is.
  const latin1 = answerWhole ? response.latin1 : undefined;
  const wellFormed = answerText === undefined || latin1 !== undefined || (answerText as string & { isWellFormed?(): boolean }).isWellFormed?.() === true;
  const keep = answerText !== undefined && wellFormed && !dropped;
  const answer = !keep ? NOT_KEPT : latin1 !== undefined ? ring.writeLatin1(latin1) : ring.writeText(answerText, answerWhole ? response.textBytes : undefined);
  return {
    answerAt: answer.at,
    answerLength: answer.length,
    answerString: answerText !== undefined && !wellFormed ? answerText : undefined,
    answerWhole,
    answerBytes: text === undefined ? undefined : answerWhole && answer.at >= 0 ? answer.length : utf8ByteLength(text),
    keptChars: answerText?.length ?? 0,
  };
}

/** Packed headers written into the ring as text; packed lists (a hand-built record's) stay on the entry. */
function keepPacked(packed: string | undefined, ring: ByteRing, dropped: boolean): { at: number; length: number } {
  return dropped || packed === undefined ? NOT_KEPT : ring.writeText(packed);
}

/** One record's entry, its headers, body and answer written into the ring (unless `limits.dropped`). */
export function storeRecord(r: JournalRecord, seq: number, ring: ByteRing, limits: StoreLimits): Stored {
  const { dropped } = limits;
  const firstAt = ring.written;
  // Both header lists in one text, one write: the request's, then the response's.
  const headers = packExchangeHeaders(r.headers, r.response.headers);
  const kept = keepPacked(headers.packed, ring, dropped);
  const bodyLength = r.body ? Math.min(r.body.byteLength, limits.bodyLimit) : 0;
  // A view is made only to cut a body past the limit: each view is an object of its own.
  const keptBody = r.body && bodyLength < r.body.byteLength ? r.body.subarray(0, bodyLength) : r.body;
  const bodyAt = keptBody && !dropped ? ring.write(keptBody) : -1;
  // Read member by member: a rest or a spread of it would copy the object at run time.
  const answer = keepAnswer(r.response, ring, limits);
  const path = r.path.length > 2048 ? `${r.path.slice(0, 2048)}…` : r.path;
  return {
    seq,
    receivedAt: r.receivedAt,
    method: r.method,
    path,
    operation: r.operation,
    model: r.model,
    key: r.key,
    unexpected: r.unexpected === true,
    firstAt,
    headersAt: kept.at,
    headersLength: kept.length,
    requestHeaderItems: headers.requestItems,
    headersLists: headers.lists,
    bodyAt,
    bodyLength,
    bodyBytes: r.body?.byteLength,
    status: r.response.status,
    answerAt: answer.answerAt,
    answerLength: answer.answerLength,
    answerString: answer.answerString,
    answerWhole: answer.answerWhole,
    answerBytes: answer.answerBytes,
    masked: undefined,
    check: undefined,
    events: undefined,
    eventBytes: 0,
    eventsDropped: 0,
    clientLeft: undefined,
    size: JOURNAL_ENTRY_OVERHEAD + headers.size + bodyLength + answer.keptChars + path.length,
    dropped,
  };
}
