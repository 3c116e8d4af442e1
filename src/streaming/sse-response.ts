/** Response headers of an event stream (spec 4.1; cache-control keeps proxies from buffering). */
export const SSE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
};

/**
 * A 200 event-stream Response that sends `chunks` one per read, as fast as the reader pulls (no
 * artificial delays, no timers). Cancelling the body (client gone) drops the remaining chunks.
 *
 * @example
 * sseResponse([new TextEncoder().encode('data: [DONE]\n\n')], { 'x-generation-id': 'gen-1' });
 */
export function sseResponse(chunks: readonly Uint8Array[], headers: Record<string, string> = {}): Response {
  let queue: readonly Uint8Array[] | undefined = chunks;
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue?.[at++];
      if (next === undefined) {
        queue = undefined;
        controller.close();
      } else controller.enqueue(next);
    },
    cancel() {
      queue = undefined;
    },
  });
  return new Response(body, { status: 200, headers: { ...SSE_HEADERS, ...headers } });
}
