import { utf8ByteLength } from '../bytes/utf8-length.ts';
import { deliveredWhole, type Delivery } from '../types/delivery.ts';
import type { ByteRing } from './byte-ring.ts';
import { JOURNAL_EVENT_LIMIT } from './journal-bounds.ts';
import type { JournalHandle } from './journal-entry.ts';
import type { JournalQueue } from './journal-queue.ts';
import type { Stored } from './journal-stored.ts';
import { createStreamLog, loggedPieces, logPiece } from './stream-log.ts';

/** What a handle writes a stream's events into. */
export interface HandleRoom {
  ring: ByteRing;
  queue: JournalQueue;
  /** The gateway clock: events are timed on it. */
  now: () => number;
  /** Bytes of events one entry keeps at most. */
  eventBytesLimit: number;
}

const utf8Encoder = new TextEncoder();

/** Count `length` kept bytes of events on the entry and the journal (each event costs 32 bytes more). */
function countEvents(stored: Stored, room: HandleRoom, length: number, events: number): void {
  stored.eventBytes += length;
  const cost = length + 32 * events;
  stored.size += cost;
  room.queue.grow(cost);
}

/**
 * How many of pieces `from`..`to` fit the entry's event bounds, and whether they lie end to end in
 * one buffer (a stream's pieces do): then they are copied in with one write.
 */
function fittingRun(stored: Stored, room: HandleRoom, pieces: readonly Uint8Array[], from: number, to: number) {
  const events = stored.events!;
  let end = from;
  let total = 0;
  let contiguous = true;
  const first = pieces[from] as Uint8Array;
  while (end < to && loggedPieces(events) + (end - from) < JOURNAL_EVENT_LIMIT) {
    const piece = pieces[end] as Uint8Array;
    if (total + piece.byteLength > room.eventBytesLimit - stored.eventBytes) break;
    if (piece.buffer !== first.buffer || piece.byteOffset !== first.byteOffset + total) contiguous = false;
    total += piece.byteLength;
    end++;
  }
  return { end, at: contiguous && end > from ? room.ring.write(new Uint8Array(first.buffer, first.byteOffset, total)) : -1 };
}

/** Keep pieces `from`..`to` of a stream handed to the client now, within the entry's event bounds. */
function sentPieces(stored: Stored, room: HandleRoom, pieces: readonly Uint8Array[], from: number, to: number): void {
  if (stored.dropped || from >= to) return;
  const events = (stored.events ??= createStreamLog());
  const time = Math.max(0, room.now() - stored.receivedAt);
  const run = fittingRun(stored, room, pieces, from, to);
  let at = run.at;
  // Making room may have dropped this very entry (the oldest): then nothing is counted.
  if (stored.dropped) return;
  for (let i = from; i < to; i++) {
    const left = room.eventBytesLimit - stored.eventBytes;
    if (loggedPieces(events) >= JOURNAL_EVENT_LIMIT || left <= 0) {
      stored.eventsDropped += to - i;
      break;
    }
    const piece = pieces[i] as Uint8Array;
    let pieceAt: number;
    let length: number;
    if (i < run.end && at >= 0) {
      pieceAt = at;
      length = piece.byteLength;
      at += length;
    } else {
      // One at a time past the run, or when the pieces are not end to end; a piece that does not
      // fit whole is kept cut to the room left.
      length = Math.min(piece.byteLength, left);
      pieceAt = room.ring.write(length === piece.byteLength ? piece : piece.subarray(0, length));
      if (stored.dropped) return;
    }
    logPiece(events, pieceAt, length, time);
    countEvents(stored, room, length, 1);
  }
  room.queue.trim();
}

/** The frames from `from` that fit the entry's bounds whole: up to `fit`, their characters and bytes (each measured only when needed). */
function fittingFrames(stored: Stored, room: HandleRoom, list: readonly string[], from: number, to: number, multiByte: boolean) {
  const events = stored.events!;
  const frameBytes: number[] | undefined = multiByte ? [] : undefined;
  let fit = from;
  let fitChars = 0;
  let fitBytes = 0;
  const left = room.eventBytesLimit - stored.eventBytes;
  while (fit < to && loggedPieces(events) + (fit - from) < JOURNAL_EVENT_LIMIT) {
    const frame = list[fit] as string;
    const bytes = frameBytes ? utf8ByteLength(frame) : frame.length;
    if (fitBytes + bytes > left) break;
    frameBytes?.push(bytes);
    fitChars += frame.length;
    fitBytes += bytes;
    fit++;
  }
  return { fit, fitChars, fitBytes, frameBytes };
}

/** Keep frames `from`..`to` of a stream held as text (`list`, joined as `text`), handed to the client now. */
function sentTextFrames(
  stored: Stored,
  room: HandleRoom,
  cursor: { frame: number; at: number },
  list: readonly string[],
  text: string,
  from: number,
  to: number,
) {
  if (stored.dropped || from >= to) return;
  const events = (stored.events ??= createStreamLog());
  const time = Math.max(0, room.now() - stored.receivedAt);
  // Where frame `from` starts in the text: carried over from the previous call (a writer hands
  // frames over in order), else summed.
  let start = cursor.frame === from ? cursor.at : 0;
  if (cursor.frame !== from) for (let i = 0; i < from; i++) start += (list[i] as string).length;
  let end = start;
  for (let i = from; i < to; i++) end += (list[i] as string).length;
  cursor.frame = to;
  cursor.at = end;
  const slice = text.slice(start, end);
  const sliceBytes = utf8ByteLength(slice);
  const { fit, fitChars, fitBytes, frameBytes } = fittingFrames(stored, room, list, from, to, sliceBytes !== slice.length);
  if (fit > from) {
    // The frames that fit whole go into the ring in one write.
    const whole = fitChars === slice.length;
    let at = room.ring.writeText(whole ? slice : slice.slice(0, fitChars), whole ? sliceBytes : undefined).at;
    if (stored.dropped) return;
    for (let i = from; i < fit; i++) {
      const bytes = frameBytes ? (frameBytes[i - from] as number) : (list[i] as string).length;
      logPiece(events, at, bytes, time);
      at += bytes;
    }
    countEvents(stored, room, fitBytes, fit - from);
  }
  // The rest as byte pieces: the first cut to the room left, the others past the bounds.
  if (fit < to) {
    const rest: Uint8Array[] = [];
    for (let i = fit; i < to; i++) rest.push(utf8Encoder.encode(list[i] as string));
    sentPieces(stored, room, rest, 0, rest.length);
    return;
  }
  room.queue.trim();
}

/**
 * The handle of a recorded entry: its stream's events are kept as they are sent. A class, so each
 * recorded answer costs one object (most are whole answers whose handle is never used again),
 * not a handle, a cursor and a closure per method.
 */
class EntryHandle implements JournalHandle {
  /** Where the next frame handed over as text starts (see sentTextFrames); made for a stream only. */
  #cursor: { frame: number; at: number } | undefined;
  readonly #stored: Stored;
  readonly #room: HandleRoom;
  constructor(stored: Stored, room: HandleRoom) {
    this.#stored = stored;
    this.#room = room;
  }
  get seq(): number {
    return this.#stored.seq;
  }
  sent(pieces: readonly Uint8Array[], from = 0, to = pieces.length): void {
    sentPieces(this.#stored, this.#room, pieces, from, to);
  }
  sentFrames(list: readonly string[], text: string, from: number, to: number): void {
    sentTextFrames(this.#stored, this.#room, (this.#cursor ??= { frame: 0, at: 0 }), list, text, from, to);
  }
  ended(delivery: Delivery): void {
    if (!deliveredWhole(delivery)) this.#stored.clientLeft = delivery;
  }
}

/** The handle of a recorded entry: its stream's events are kept as they are sent. */
export function journalHandle(stored: Stored, room: HandleRoom): JournalHandle {
  return new EntryHandle(stored, room);
}
