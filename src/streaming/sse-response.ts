import { rawBodyResponse } from '../http/raw-body.ts';
import { framesToPieces, type SseFrames } from './encode-sse.ts';

/** Response headers of an event stream (spec 4.1; cache-control keeps proxies from buffering). */
export const SSE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
};

/**
 * A 200 event-stream Response that sends `chunks` one per read, as fast as the reader pulls (no
 * artificial delays, no timers). `separate`: each chunk is a write of its own on a socket (random
 * chunking); otherwise neighbouring chunks may share a write. Cancelling the body (client gone) drops the remaining chunks.
 * The chunks stay raw until the dispatcher makes the body (src/http/raw-body.ts).
 *
 * @example
 * sseResponse([new TextEncoder().encode('data: [DONE]\n\n')], { 'x-generation-id': 'gen-1' });
 */
export function sseResponse(chunks: readonly Uint8Array[], headers: Record<string, string> = {}, options: { separate?: boolean } = {}): Response {
  return rawBodyResponse({ pieces: chunks, ...(options.separate ? { separate: true } : {}) }, { status: 200, headers: { ...SSE_HEADERS, ...headers } });
}

/**
 * A 200 event-stream Response holding the whole stream as text frames (src/streaming/encode-sse.ts):
 * the node adapter writes the text and the journal copies it without byte pieces being made;
 * anything else gets one UTF-8 piece per frame, made on first need.
 *
 * @example
 * sseFramesResponse(encodeSseFrames(events), { 'x-generation-id': 'gen-1' });
 */
export function sseFramesResponse(frames: SseFrames, headers: Record<string, string> = {}): Response {
  let pieces: readonly Uint8Array[] | undefined;
  return rawBodyResponse({ frames, toPieces: () => (pieces ??= framesToPieces(frames)) }, { status: 200, headers: withSseHeaders(headers) });
}

/**
 * The event-stream headers under `headers` (which win). Headers that name both already (a
 * remembered answer's, src/engine/answer-memo.ts) are taken as they are: the Response's headers
 * are made from them (and ordered by name) either way, and a copy of them per answer was a
 * measurable share of a replayed stream.
 */
function withSseHeaders(headers: Record<string, string>): Record<string, string> {
  return headers['content-type'] !== undefined && headers['cache-control'] !== undefined ? headers : { ...SSE_HEADERS, ...headers };
}
