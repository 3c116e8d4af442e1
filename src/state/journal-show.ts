import { MAX_JSON_DEPTH, jsonDepthExceeds } from '../json/json-depth.ts';
import { utf8ByteLength } from '../bytes/utf8-length.ts';
import type { ByteRing } from './byte-ring.ts';
import { CHECK_HEADER } from './journal-bounds.ts';
import type { JournalEntry, JournalEvent } from './journal-entry.ts';
import { MEASURE_WHEN_SHOWN, type Stored } from './journal-stored.ts';
import { journalTime } from './journal-time.ts';
import { maskHeaders } from './mask-credentials.ts';
import { unpackExchangeHeaders, unpackHeaders } from './packed-headers.ts';
import { streamFailure, type StreamFailure } from './stream-failure.ts';
import { eachPiece, loggedPieces } from './stream-log.ts';

const lenient = new TextDecoder('utf-8');

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

export function checkMatches(check: string | undefined, filter: { value: string; prefix: boolean }): boolean {
  return check !== undefined && (filter.prefix ? check.startsWith(filter.value) : check === filter.value);
}

/** What the ring holds at [at, at + length) as text; '' when nothing was kept or it is gone. */
export function ringText(ring: ByteRing, at: number, length: number): string {
  return at < 0 ? '' : (ring.readText(at, length) ?? '');
}

/** Both header lists of an entry, unmasked. */
function headersOf(s: Stored, ring: ByteRing): { request: Record<string, string>; response: Record<string, string> } {
  const lists = s.headersLists;
  if (lists) return { request: unpackHeaders(lists[0]), response: unpackHeaders(lists[1]) };
  return unpackExchangeHeaders(ringText(ring, s.headersAt, s.headersLength), s.requestHeaderItems);
}

/**
 * The check that sent an entry, read from its kept request headers when first asked: recording
 * stays as cheap as without it, and only a read of the journal pays.
 */
export function checkOf(s: Stored, ring: ByteRing): string | undefined {
  if (s.check === undefined) {
    const headers = headersOf(s, ring).request;
    let found: string | null = null;
    for (const name of Object.keys(headers)) if (name.toLowerCase() === CHECK_HEADER) found = headers[name] as string;
    s.check = found;
  }
  return s.check ?? undefined;
}

function maskedHeaders(headers: { request: Record<string, string>; response: Record<string, string> }): NonNullable<Stored['masked']> {
  return { request: maskHeaders(headers.request), response: maskHeaders(headers.response) };
}

/** An entry as the journal shows it: headers masked (once), bodies parsed when whole and JSON, events decoded. */
export function showEntry(s: Stored, ring: ByteRing): JournalEntry {
  const masked = (s.masked ??= maskedHeaders(headersOf(s, ring)));
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
    const events: JournalEvent[] = [];
    eachPiece(log, 0, (at, length, time) =>
      events.push({ offset_ms: time, data: decoder.decode(ring.read(at, length) ?? new Uint8Array(0), { stream: true }) }),
    );
    answer.events = events;
    answer.events_dropped = s.eventsDropped;
    const failure = failureOf(s, ring);
    if (failure) answer.failed = failure;
  }
  if (s.clientLeft) answer.client_left = { events_sent: s.clientLeft.sent, events: s.clientLeft.of };
  return entry;
}

/** The pieces a stream's failure is looked for in: its last few (the terminal events). */
const FAILURE_TAIL_PIECES = 4;

/** How a kept stream failed after its status line, read from its last kept events. */
export function failureOf(s: Stored, ring: ByteRing): StreamFailure | undefined {
  const log = s.events;
  if (!log || loggedPieces(log) === 0 || s.status >= 400) return undefined;
  let tail = '';
  eachPiece(log, Math.max(0, loggedPieces(log) - FAILURE_TAIL_PIECES), (at, length) => (tail += ringText(ring, at, length)));
  return streamFailure(tail);
}
