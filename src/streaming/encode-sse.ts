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

/** The whole stream as UTF-8 pieces: keep-alive comment, one piece per event, then `[DONE]`. */
export function encodeSsePieces(events: ReadonlyArray<{ type: string }>, options: { done?: boolean } = {}): Uint8Array[] {
  const encoder = new TextEncoder();
  const pieces = [encoder.encode(SSE_KEEPALIVE), ...events.map((e) => encoder.encode(encodeSseEvent(e)))];
  if (options.done !== false) pieces.push(encoder.encode(SSE_DONE));
  return pieces;
}
