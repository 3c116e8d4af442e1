import type { HeaderSource } from './mask-credentials.ts';
import type { Delivery } from '../types/delivery.ts';
import type { StreamFailure } from './stream-failure.ts';

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
  /** Streamed answers the client left before their end: how many of the stream's events it was handed. */
  client_left?: { events_sent: number; events: number };
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
    /** That text's UTF-8 length, when the caller measured it already. */
    textBytes?: number | undefined;
    /** That text's UTF-8 as a one-byte string, when the answer was made so (the text is then well-formed). */
    latin1?: string | undefined;
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
  /** The answer's body went out: `delivery.sent` of its `of` pieces (fewer: the client left mid-stream). */
  ended(delivery: Delivery): void;
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
