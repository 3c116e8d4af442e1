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

/**
 * The `data` JSON of an event, with each `response` object serialised once per stream:
 * `response.created` and `response.in_progress` carry the same snapshot. For an event of exactly
 * `type`, `sequence_number`, `response` the text is put together from its parts, which is
 * JSON.stringify's own output for such an object, byte for byte.
 */
function eventJson(event: { type: string }, responses: Map<object, string>): string {
  const e = event as { type: string; sequence_number?: unknown; response?: unknown };
  if (typeof e.response === 'object' && e.response !== null && Number.isSafeInteger(e.sequence_number)) {
    const keys = Object.keys(e);
    if (keys.length === 3 && keys[0] === 'type' && keys[1] === 'sequence_number' && keys[2] === 'response') {
      let json = responses.get(e.response);
      if (json === undefined) responses.set(e.response, (json = JSON.stringify(e.response)));
      return `{"type":${JSON.stringify(e.type)},"sequence_number":${e.sequence_number as number},"response":${json}}`;
    }
  }
  return JSON.stringify(event);
}

// Stateless, so one for the module; TextEncoder rather than Buffer: the core also runs in
// browsers (msw setupWorker), where there is no Buffer.
const utf8 = new TextEncoder();

/** UTF-8 length of `text` without encoding it; a lone surrogate counts 3 (it becomes U+FFFD). */
function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

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
  const responses = new Map<object, string>();
  const frames = [SSE_KEEPALIVE];
  for (const e of events) frames.push(`event: ${e.type}\ndata: ${eventJson(e, responses)}\n\n`);
  if (options.done !== false) frames.push(SSE_DONE);
  const joined = frames.join('');
  const bytes = utf8.encode(joined);
  // ASCII-only (the usual case): byte offsets are string offsets.
  const ascii = bytes.length === joined.length;
  const pieces: Uint8Array[] = [];
  let at = 0;
  for (const frame of frames) {
    const n = ascii ? frame.length : utf8Length(frame);
    pieces.push(bytes.subarray(at, at + n));
    at += n;
  }
  return pieces;
}
