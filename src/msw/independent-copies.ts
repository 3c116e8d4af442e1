/**
 * Why this file exists: msw 2 (with @mswjs/interceptors 0.41) clones every mocked fetch Response
 * for its `response:mocked` event, and the clone is never read. `Response.clone()` tees the body
 * stream, and by the Streams standard the promise of cancelling one tee branch settles only once
 * BOTH branches are cancelled. So `response.body.cancel()` on an msw-mocked answer never
 * settles, and the openai SDK, which cancels the error body before every retry, hangs forever
 * (upstream: mswjs/interceptors issues 712 and 799, fixed only in the Node 22 line).
 *
 * The fix is at the body: the streams we hand to msw tee into copies that are cancelled
 * independently (cancelling one settles at once; the source is cancelled when every copy is).
 * `Response.clone()` calls the body stream's own `tee()`, so that is where we step in.
 * Decision: docs/decisions/0016-msw-cancel-hang.md.
 */

import { headerPairs, materializeBody, rawBodyOf, rawTextBytes } from '../http/raw-body.ts';

type Bytes = Uint8Array;

/**
 * Split `source` into two streams that each receive every chunk (like `tee()`), but whose
 * `cancel()` settles at once; the source is cancelled when both copies are.
 */
function splitIndependently(source: ReadableStream<Bytes>): [ReadableStream<Bytes>, ReadableStream<Bytes>] {
  const reader = source.getReader();
  const controllers: Array<ReadableStreamDefaultController<Bytes> | undefined> = [undefined, undefined];
  const open = [true, true];
  let reading: Promise<void> | undefined;

  const forEachOpen = (fn: (c: ReadableStreamDefaultController<Bytes>, i: number) => void) => {
    for (let i = 0; i < 2; i++) if (open[i] && controllers[i]) fn(controllers[i]!, i);
  };
  // One read at a time, shared by both copies: a chunk goes to every copy still open.
  const readOnce = (): Promise<void> =>
    (reading ??= reader.read().then(
      ({ done, value }) => {
        reading = undefined;
        if (done) {
          forEachOpen((c, i) => {
            open[i] = false;
            c.close();
          });
        } else forEachOpen((c) => c.enqueue(value));
      },
      (error: unknown) => {
        reading = undefined;
        forEachOpen((c, i) => {
          open[i] = false;
          c.error(error);
        });
      },
    ));

  const copy = (i: 0 | 1) =>
    independentlyCancellable(
      new ReadableStream<Bytes>({
        start(controller) {
          controllers[i] = controller;
        },
        pull: () => readOnce(),
        cancel(reason) {
          open[i] = false;
          // The other copy may still be read; the source goes only when no copy is left.
          if (!open[0] && !open[1]) reader.cancel(reason).catch(() => undefined);
        },
      }),
    );
  return [copy(0), copy(1)];
}

/**
 * Make `stream.tee()` (and so `Response.clone()`) produce copies that can be cancelled
 * independently, recursively for copies of copies. Returns the same stream.
 *
 * @example
 * const body = independentlyCancellable(new Response('hi').body!);
 * const [a, b] = body.tee();
 * await a.cancel(); // settles at once although b is never read
 */
export function independentlyCancellable(stream: ReadableStream<Bytes>): ReadableStream<Bytes> {
  Object.defineProperty(stream, 'tee', { value: () => splitIndependently(stream), configurable: true, writable: true });
  return stream;
}

/**
 * The same answer with a body whose copies msw can make without breaking `body.cancel()`:
 * use it on every Response an msw handler returns (gatewaykit's handlers do).
 *
 * @example
 * import { http } from 'msw';
 * import { withIndependentCopies } from 'gatewaykit/internals';
 *
 * http.get('https://api.test/thing', () =>
 *   withIndependentCopies(Response.json({ error: 'busy' }, { status: 503 })),
 * );
 */
export function withIndependentCopies(response: Response): Response {
  const raw = rawBodyOf(response);
  // A JSON text the core holds (src/http/raw-body.ts): one Response over its bytes, whose copies
  // are streams of those bytes of their own (nothing shared, so nothing to cancel together).
  if (raw && 'text' in raw && !response.bodyUsed) {
    return new Response(bytesStream(rawTextBytes(raw)), { status: response.status, statusText: response.statusText, headers: headerPairs(response.headers) });
  }
  const answer = raw ? materializeBody(response) : response;
  if (!answer.body || answer.bodyUsed) return answer;
  // An ordinary Response hands `clone()` the very stream its `body` returns, so the stream changed
  // in place is enough: no second Response (a Headers copy and a body per answer).
  independentlyCancellable(answer.body);
  return answer;
}

/** A stream of `bytes` in one chunk whose `tee()` gives two more such streams (each its own copy). */
function bytesStream(bytes: Uint8Array): ReadableStream<Bytes> {
  const stream = new ReadableStream<Bytes>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  Object.defineProperty(stream, 'tee', { value: () => [bytesStream(bytes.slice()), bytesStream(bytes.slice())], configurable: true, writable: true });
  return stream;
}
