import { pieceCountOf, WHOLE_DELIVERY, type Delivery } from '../types/delivery.ts';
import { onDelivered, rawBodyOf } from './raw-body.ts';

/**
 * Has `delivered` told once how much of the answer the client got: at once for a body handed over
 * whole (JSON), at the end of an event stream, or when the client leaves it mid-way. A stream
 * built as it goes (paced by realistic timing) is passed through a counter (a new Response).
 *
 * @example
 * response = reportDelivery(response, (delivery) => hold.settle(recordFor(delivery)));
 */
export function reportDelivery(response: Response, delivered: (delivery: Delivery) => void): Response {
  const raw = rawBodyOf(response);
  if (raw && !('text' in raw)) {
    onDelivered(response, once(delivered));
    return response;
  }
  if (raw || !response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
    delivered(WHOLE_DELIVERY);
    return response;
  }
  return new Response(tappedStream(response.body, delivered), { status: response.status, statusText: response.statusText, headers: response.headers });
}

function once(delivered: (delivery: Delivery) => void): (delivery: Delivery) => void {
  let told = false;
  return (delivery) => {
    if (told) return;
    told = true;
    delivered(delivery);
  };
}

/**
 * The same chunks, each told to `chunk` as it is read, and counted: `delivered` is told once, the
 * end of the stream as a whole delivery, a cancel or a failure as a share of the marked piece count.
 */
export function tappedStream(
  body: ReadableStream<Uint8Array>,
  delivered: (delivery: Delivery) => void,
  chunk?: (chunk: Uint8Array) => void,
): ReadableStream<Uint8Array> {
  delivered = once(delivered);
  const of = pieceCountOf(body);
  const reader = body.getReader();
  let sent = 0;
  const partial = (): Delivery => ({ sent, of: of ?? sent + 1 });
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let step: ReadableStreamReadResult<Uint8Array>;
        try {
          step = await reader.read();
        } catch (error) {
          delivered(partial());
          controller.error(error);
          return;
        }
        if (step.done) {
          controller.close();
          delivered(WHOLE_DELIVERY);
          return;
        }
        sent++;
        chunk?.(step.value);
        controller.enqueue(step.value);
      },
      cancel(reason) {
        delivered(partial());
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
