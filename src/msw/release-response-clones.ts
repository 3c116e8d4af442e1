/**
 * The second half of the msw cancel-hang remedy (see independent-copies.ts): msw hands a clone of
 * every answer, mocked or passed through, to its `response:mocked` / `response:bypass` listeners.
 * A clone nobody reads keeps the other copy's `body.cancel()` from settling and buffers the whole
 * body. Cancelling the clones no listener started to read fixes both, for every handler of the
 * server (the user's own too) and for answers that went to the network.
 */

/** The part of an msw `SetupServer` (or `SetupWorker`) this needs. */
export interface MswLifecycle {
  readonly events: {
    on(event: 'response:mocked' | 'response:bypass', listener: (args: { response: Response }) => void): void;
    removeListener(event: 'response:mocked' | 'response:bypass', listener: (args: { response: Response }) => void): void;
  };
}

/**
 * Cancel the response clones msw makes for its lifecycle events once every listener has had its
 * turn (a listener that starts reading one, synchronously, keeps it). Returns the undo function.
 *
 * @example
 * import { setupServer } from 'msw/node';
 * import { releaseResponseClones } from 'gatewaykit/internals';
 *
 * const server = setupServer(...handlers);
 * releaseResponseClones(server);
 * server.listen();
 */
export function releaseResponseClones(server: MswLifecycle): () => void {
  const release = ({ response }: { response: Response }) => {
    // Listeners run synchronously in one emit; a microtask later each has locked what it reads.
    // Not a timer: fake timers (vi.useFakeTimers) must not bring the hang back.
    queueMicrotask(() => {
      if (response.body && !response.bodyUsed && !response.body.locked) response.body.cancel().catch(() => undefined);
    });
  };
  server.events.on('response:mocked', release);
  server.events.on('response:bypass', release);
  return () => {
    server.events.removeListener('response:mocked', release);
    server.events.removeListener('response:bypass', release);
  };
}
