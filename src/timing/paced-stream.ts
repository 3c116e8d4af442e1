import type { Clock, TimerHandle } from '../clock/clock.ts';
import { withPieceCount } from '../types/delivery.ts';

/**
 * A body that sends `pieces[i]` once `offsetsMs[i]` have passed on `clock` since it was made,
 * each piece its own chunk (so chunk boundaries and timing both show). Cancelling it (client
 * gone) cancels the pending timer and drops the rest.
 *
 * @example
 * const body = pacedStream(virtualClock(), [a, b], [0, 500]); // b after clock.advance(500)
 */
export function pacedStream(clock: Clock, pieces: readonly Uint8Array[], offsetsMs: readonly number[]): ReadableStream<Uint8Array> {
  const start = clock.now();
  let next = 0;
  let timer: TimerHandle | undefined;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (next >= pieces.length) {
          controller.close();
          return;
        }
        const wait = start + (offsetsMs[next] ?? 0) - clock.now();
        const send = () => {
          timer = undefined;
          controller.enqueue(pieces[next++]!);
          if (next >= pieces.length) controller.close();
        };
        if (wait <= 0) {
          send();
          return;
        }
        return new Promise<void>((resolve) => {
          timer = clock.setTimer(
            wait,
            () => {
              send();
              resolve();
            },
            { keepAlive: true },
          );
        });
      },
      cancel() {
        timer?.cancel();
        next = pieces.length;
      },
    },
    { highWaterMark: 0 },
  );
  // Its length is known: a client that leaves mid-way is billed for the share it was handed.
  return withPieceCount(stream, pieces.length);
}
