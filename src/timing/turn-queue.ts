/**
 * Turns of the event loop handed out one at a time to long work (a 1 MiB answer tokenized a slice
 * per turn): each turn starts in its own event-loop iteration, so the I/O of other requests is
 * served between any two slices, whoever they belong to. Waiters are served in order (round robin
 * across answers), and only one turn is pending at once: fifty answers yielding together do not
 * run fifty slices back to back before a small request gets in.
 */
export interface TurnQueue {
  /** Resolves at the start of this caller's next turn. */
  turn(): Promise<void>;
}

/**
 * The next iteration of the event loop: `setImmediate` as it was when this module loaded (fake
 * timers installed later must not stop an answer; an immediate queued from an immediate waits
 * for the next iteration, after I/O), else a fresh message port (browsers), else a microtask.
 */
const nextIteration: (callback: () => void) => void =
  typeof setImmediate === 'function'
    ? setImmediate
    : typeof MessageChannel === 'function'
      ? (callback) => {
          const { port1, port2 } = new MessageChannel();
          port1.onmessage = () => {
            port1.close();
            callback();
          };
          port2.postMessage(null);
        }
      : (callback) => void Promise.resolve().then(callback);

/**
 * @example
 * const turns = createTurnQueue();
 * for (const slice of slices) { await turns.turn(); work(slice); }
 */
export function createTurnQueue(): TurnQueue {
  const waiting: Array<() => void> = [];
  let pending = false;
  const grant = () => {
    pending = false;
    waiting.shift()?.();
    if (waiting.length > 0) post();
  };
  const post = () => {
    if (pending) return;
    pending = true;
    nextIteration(grant);
  };
  return {
    turn() {
      return new Promise<void>((resolve) => {
        waiting.push(resolve);
        post();
      });
    },
  };
}
