import { rawBodyResponse } from '../http/raw-body.ts';

/** Response headers of an event stream (spec 4.1; cache-control keeps proxies from buffering). */
export const SSE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
};

/**
 * A 200 event-stream Response that sends `chunks` one per read, as fast as the reader pulls (no
 * artificial delays, no timers). Cancelling the body (client gone) drops the remaining chunks.
 * The chunks stay raw until the dispatcher makes the body (src/http/raw-body.ts).
 *
 * @example
 * sseResponse([new TextEncoder().encode('data: [DONE]\n\n')], { 'x-generation-id': 'gen-1' });
 */
export function sseResponse(chunks: readonly Uint8Array[], headers: Record<string, string> = {}): Response {
  return rawBodyResponse({ pieces: chunks }, { status: 200, headers: { ...SSE_HEADERS, ...headers } });
}
