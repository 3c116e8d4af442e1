import { utf8ByteLength } from '../bytes/utf8-length.ts';

/** The first bytes of every stream: an SSE comment, which clients must ignore (reference README). */
export const SSE_KEEPALIVE = ': GATEWAY PROCESSING\n\n';
/** spec 4.1, 6.2: the stream ends with the sentinel `[DONE]`. */
export const SSE_DONE = 'data: [DONE]\n\n';

/**
 * One server-sent event as OpenAI sends Responses events: `event: <type>` then `data: <json>`
 * (spec 6.1: the payload is under `data`), blank-line terminated. JSON.stringify never emits a raw
 * newline, so one `data:` line always holds the whole payload.
 *
 * @example
 * encodeSseEvent({ type: 'response.created', sequence_number: 0 });
 * // 'event: response.created\ndata: {"type":"response.created","sequence_number":0}\n\n'
 */
export function encodeSseEvent(event: { type: string }): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** The keys of a text delta event, in order (src/streaming/response-events.ts builds them so). */
const DELTA_KEYS = ['type', 'sequence_number', 'item_id', 'output_index', 'content_index', 'delta', 'logprobs'];
const REFUSAL_DELTA_KEYS = DELTA_KEYS.slice(0, 6);
const RESPONSE_EVENT_KEYS = ['type', 'sequence_number', 'response'];

/** Per stream: serialised response objects, and the fixed JSON around each content part's deltas. */
interface JsonParts {
  responses: Map<object, string>;
  deltaHead?: { event: Record<string, unknown>; head: string; middle: string };
}

/** Whether `e`'s own enumerable keys are exactly `expected`, in order (no key array is made). */
function hasKeys(e: Record<string, unknown>, expected: readonly string[]): boolean {
  let i = 0;
  for (const key in e) {
    if (key !== expected[i] || !Object.hasOwn(e, key)) return false;
    i++;
  }
  return i === expected.length;
}

/**
 * A delta event's JSON put together from its parts: the text around `sequence_number` and
 * `delta` is the same for every delta of one content part, so it is made once per part and only
 * the number and the delta are serialised per event. The output is JSON.stringify's for the same
 * object, byte for byte (integers print alike either way; the strings go through JSON.stringify).
 * Anything not exactly of that shape gets `undefined` and is serialised whole.
 */
function deltaJson(e: Record<string, unknown>, parts: JsonParts): string | undefined {
  const withLogprobs = 'logprobs' in e;
  if (!hasKeys(e, withLogprobs ? DELTA_KEYS : REFUSAL_DELTA_KEYS)) return undefined;
  if (typeof e.type !== 'string' || typeof e.delta !== 'string' || typeof e.item_id !== 'string') return undefined;
  if (!Number.isSafeInteger(e.sequence_number) || !Number.isSafeInteger(e.output_index) || !Number.isSafeInteger(e.content_index)) return undefined;
  if (withLogprobs && !(Array.isArray(e.logprobs) && e.logprobs.length === 0)) return undefined;
  const last = parts.deltaHead?.event;
  let fixed = parts.deltaHead;
  if (
    !fixed ||
    !last ||
    last.type !== e.type ||
    last.item_id !== e.item_id ||
    last.output_index !== e.output_index ||
    last.content_index !== e.content_index ||
    last.logprobs !== e.logprobs
  ) {
    fixed = {
      event: e,
      head: `{"type":${JSON.stringify(e.type)},"sequence_number":`,
      middle: `,"item_id":${JSON.stringify(e.item_id)},"output_index":${e.output_index as number},"content_index":${e.content_index as number},"delta":`,
    };
    parts.deltaHead = fixed;
  }
  return `${fixed.head}${e.sequence_number as number}${fixed.middle}${JSON.stringify(e.delta)}${withLogprobs ? ',"logprobs":[]}' : '}'}`;
}

/**
 * The `data` JSON of an event, with each `response` object serialised once per stream:
 * `response.created` and `response.in_progress` carry the same snapshot. For an event of exactly
 * `type`, `sequence_number`, `response` the text is put together from its parts, which is
 * JSON.stringify's own output for such an object, byte for byte; text deltas likewise
 * ({@link deltaJson}).
 */
function eventJson(event: { type: string }, parts: JsonParts): string {
  const e = event as Record<string, unknown>;
  if (typeof e.response === 'object' && e.response !== null && Number.isSafeInteger(e.sequence_number)) {
    if (hasKeys(e, RESPONSE_EVENT_KEYS)) {
      let json = parts.responses.get(e.response);
      if (json === undefined) parts.responses.set(e.response, (json = JSON.stringify(e.response)));
      return `{"type":${JSON.stringify(e.type)},"sequence_number":${e.sequence_number as number},"response":${json}}`;
    }
  }
  if (typeof e.delta === 'string') {
    const json = deltaJson(e, parts);
    if (json !== undefined) return json;
  }
  return JSON.stringify(event);
}

// Stateless, so one for the module; TextEncoder rather than Buffer: the core also runs in
// browsers (msw setupWorker), where there is no Buffer.
const utf8 = new TextEncoder();

/**
 * The whole stream as UTF-8 pieces: keep-alive comment, one piece per event, then `[DONE]`.
 * Encoded once: the frames are joined, turned into bytes in one go, and the pieces are views of
 * that one buffer at the frame boundaries (a TextEncoder call and an allocation per event cost
 * more than the event's JSON).
 *
 * @example
 * const pieces = encodeSsePieces([{ type: 'response.created', sequence_number: 0 }]);
 * pieces.length; // 3: keep-alive, the event, [DONE]
 */
export function encodeSsePieces(events: ReadonlyArray<{ type: string }>, options: { done?: boolean } = {}): Uint8Array[] {
  return framesToPieces(encodeSseFrames(events, options));
}

/**
 * From this many characters on, an echoed `instructions` string is shared rather than repeated
 * in memory (see {@link encodeSsePiecesSharingEcho}); below it the one-buffer encoding is cheaper.
 */
export const SHARED_ECHO_MIN_CHARS = 64 * 1024;

/**
 * The whole stream as UTF-8 pieces, byte for byte what {@link encodeSsePieces} gives, except that
 * a long `instructions` string echoed in the response events (spec 2.2: `response.created`,
 * `response.in_progress` and the terminal event each carry the whole response, instructions
 * included) is serialised and encoded once, and that one piece is reused at each echo. Long
 * instructions thus cost one copy held while the stream is open instead of three; the wire
 * still carries the faithful echo in every event.
 *
 * @example
 * const pieces = encodeSsePiecesSharingEcho(events);
 * // the response events' instructions are one and the same Uint8Array
 */
export function encodeSsePiecesSharingEcho(events: ReadonlyArray<{ type: string }>, options: { done?: boolean } = {}): Uint8Array[] {
  const parts: JsonParts = { responses: new Map() };
  // One text segment per frame, an echoing frame cut in two around its instructions; `shared[i]`
  // is the piece that goes after segment i, if any. Pieces thus stay frame by frame (the
  // journal keeps a stream's pieces as its events) but for the echo itself.
  const segments: string[] = [SSE_KEEPALIVE];
  const shared: Array<Uint8Array | undefined> = [undefined];
  const echoes = new Map<string, Uint8Array>();
  for (const event of events) {
    const e = event as Record<string, unknown>;
    const split = echoSplit(e);
    if (!split) {
      segments.push(`event: ${event.type}\ndata: ${eventJson(event, parts)}\n\n`);
      shared.push(undefined);
      continue;
    }
    let bytes = echoes.get(split.instructions);
    if (!bytes) echoes.set(split.instructions, (bytes = utf8.encode(JSON.stringify(split.instructions))));
    segments.push(
      `event: ${event.type}\ndata: {"type":${JSON.stringify(e.type)},"sequence_number":${e.sequence_number as number},"response":${split.head}`,
      `${split.tail}}\n\n`,
    );
    shared.push(bytes, undefined);
  }
  if (options.done !== false) {
    segments.push(SSE_DONE);
    shared.push(undefined);
  }
  const text = framesToPieces({ list: segments, text: segments.join('') });
  const pieces: Uint8Array[] = [];
  text.forEach((piece, i) => {
    pieces.push(piece);
    const echo = shared[i];
    if (echo) pieces.push(echo);
  });
  return pieces;
}

/**
 * A response event of exactly `type`, `sequence_number`, `response` whose response holds a long
 * string `instructions`: the response's JSON before and after that string's JSON, each made by
 * JSON.stringify of the keys on its side, so that head + JSON(instructions) + tail is
 * JSON.stringify(response) byte for byte (same keys, same order, same skipping of undefined).
 */
function echoSplit(e: Record<string, unknown>): { instructions: string; head: string; tail: string } | undefined {
  const response = e.response as Record<string, unknown> | null | undefined;
  if (
    typeof response !== 'object' ||
    response === null ||
    Array.isArray(response) ||
    !hasKeys(e, RESPONSE_EVENT_KEYS) ||
    !Number.isSafeInteger(e.sequence_number)
  )
    return undefined;
  const instructions = response.instructions;
  if (typeof instructions !== 'string' || instructions.length < SHARED_ECHO_MIN_CHARS || typeof response.toJSON === 'function') return undefined;
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  let seen = false;
  for (const key of Object.keys(response)) {
    if (key === 'instructions') seen = true;
    else (seen ? after : before)[key] = response[key];
  }
  const beforeJson = JSON.stringify(before).slice(1, -1);
  const afterJson = JSON.stringify(after).slice(1, -1);
  return {
    instructions,
    head: `{${beforeJson}${beforeJson === '' ? '' : ','}"instructions":`,
    tail: `${afterJson === '' ? '' : ','}${afterJson}}`,
  };
}

/** A whole event stream as text: its frames (keep-alive comment, one per event, `[DONE]`) and all of them joined. */
export interface SseFrames {
  readonly list: readonly string[];
  /** The frames joined: the stream as it goes on the wire. */
  readonly text: string;
}

/**
 * The stream as frames of text, serialised once. A writer that can send text (the node adapter)
 * sends `text` as it is and the journal copies it into its ring: no byte pieces are made at all.
 * {@link framesToPieces} gives the pieces for everything else.
 *
 * @example
 * encodeSseFrames([{ type: 'response.created', sequence_number: 0 }]).list.length; // 3
 */
export function encodeSseFrames(events: ReadonlyArray<{ type: string }>, options: { done?: boolean } = {}): SseFrames {
  const parts: JsonParts = { responses: new Map() };
  const list = [SSE_KEEPALIVE];
  for (const e of events) list.push(`event: ${e.type}\ndata: ${eventJson(e, parts)}\n\n`);
  if (options.done !== false) list.push(SSE_DONE);
  return { list, text: list.join('') };
}

/**
 * A stream of `data:`-only events (the Chat Completions grammar: no `event:` line), each payload
 * already JSON text: the keep-alive comment, one frame per payload, then `[DONE]` unless
 * `done: false`.
 *
 * @example
 * sseDataFrames(['{"id":"gen-1","choices":[]}']).list.length; // 3
 */
export function sseDataFrames(payloads: readonly string[], options: { done?: boolean } = {}): SseFrames {
  const list = [SSE_KEEPALIVE];
  for (const json of payloads) list.push(`data: ${json}\n\n`);
  if (options.done !== false) list.push(SSE_DONE);
  return { list, text: list.join('') };
}

/** The frames as UTF-8 pieces, one per frame, views of one buffer. */
export function framesToPieces(frames: SseFrames): Uint8Array[] {
  return nodeBuffer ? piecesWithBuffer(frames.list, nodeBuffer, frames.text) : piecesWithEncoder(frames.list, frames.text);
}

/** Node's Buffer, when there: it measures and writes UTF-8 natively (browsers have none). */
const nodeBuffer = (globalThis as { Buffer?: NodeBufferLike }).Buffer;

export interface NodeBufferLike {
  byteLength(text: string, encoding: 'utf8'): number;
  allocUnsafeSlow(size: number): Uint8Array & { write(text: string, offset: number, length: number, encoding: 'utf8' | 'latin1'): number };
}

/**
 * In Node: the frames joined and written into one buffer natively (as latin1 when the whole text
 * is ASCII, the usual case, which is a plain copy), then cut at the frame boundaries; only a
 * stream with non-ASCII text measures its frames one by one. The pieces are plain Uint8Array
 * views, as TextEncoder gives.
 */
export function piecesWithBuffer(frames: readonly string[], buffer: NodeBufferLike, joined = frames.join('')): Uint8Array[] {
  const total = buffer.byteLength(joined, 'utf8');
  const ascii = total === joined.length;
  // Frames are JSON text, never holding half a surrogate pair; were one to, joining could pair it
  // with its neighbour's half, so such frames are encoded one by one.
  if (!ascii && !frames.every(isWellFormed)) return piecesOneByOne(frames, buffer);
  const out = buffer.allocUnsafeSlow(total);
  out.write(joined, 0, total, ascii ? 'latin1' : 'utf8');
  const bytes = new Uint8Array(out.buffer, out.byteOffset, total);
  const pieces = new Array<Uint8Array>(frames.length);
  let at = 0;
  for (let i = 0; i < frames.length; i++) {
    const frame = frames[i] as string;
    const n = ascii ? frame.length : buffer.byteLength(frame, 'utf8');
    pieces[i] = bytes.subarray(at, at + n);
    at += n;
  }
  return pieces;
}

function isWellFormed(text: string): boolean {
  const check = (text as string & { isWellFormed?(): boolean }).isWellFormed;
  return check ? check.call(text) : !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

/** Each frame measured and written on its own (a lone surrogate stays within its frame). */
function piecesOneByOne(frames: readonly string[], buffer: NodeBufferLike): Uint8Array[] {
  const lengths = frames.map((f) => buffer.byteLength(f, 'utf8'));
  const total = lengths.reduce((a, b) => a + b, 0);
  const out = buffer.allocUnsafeSlow(total);
  const bytes = new Uint8Array(out.buffer, out.byteOffset, total);
  const pieces: Uint8Array[] = [];
  let at = 0;
  for (let i = 0; i < frames.length; i++) {
    const n = lengths[i] as number;
    out.write(frames[i] as string, at, n, 'utf8');
    pieces.push(bytes.subarray(at, at + n));
    at += n;
  }
  return pieces;
}

/** Elsewhere: the frames joined, encoded in one go, and cut at the frame boundaries. */
export function piecesWithEncoder(frames: readonly string[], joined = frames.join('')): Uint8Array[] {
  const bytes = utf8.encode(joined);
  // ASCII-only (the usual case): byte offsets are string offsets.
  const ascii = bytes.length === joined.length;
  const pieces: Uint8Array[] = [];
  let at = 0;
  for (const frame of frames) {
    const n = ascii ? frame.length : utf8ByteLength(frame);
    pieces.push(bytes.subarray(at, at + n));
    at += n;
  }
  return pieces;
}
