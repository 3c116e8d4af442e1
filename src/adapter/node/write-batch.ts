import type { ServerResponse } from 'node:http';

/**
 * The whole answers a server makes in one turn of the event loop, written together at the end of
 * that turn (`setImmediate`, right after the turn's I/O callbacks) rather than each as it is made.
 *
 * Why: every write to a socket wakes the client that waits on it. When client and server share the
 * machine, the woken client is often run at once on the server's core, and the server is switched
 * out in the middle of its turn, with the other requests of the turn still to answer. Writing the
 * turn's answers back to back lets the client wake once for several of them. The bytes, their
 * order on each connection (node:http keeps a connection's answers in order) and what each answer
 * reports are the same; an answer waits at most for the rest of its turn.
 *
 * One batch per server: no state outlives it.
 *
 * @example
 * const batch = writeBatch((error, res) => res.destroy());
 * batch.add(res, () => { res.writeHead(200, headers); res.end(text); });
 */
export interface WriteBatch {
  /** Run `write` (the answer to `res`) at the end of this turn of the event loop, after the writes added before it. */
  add(res: ServerResponse, write: () => void): void;
}

/** `failed`: what a write that throws becomes (the server's 500 for a bug); the other writes go on. */
export function writeBatch(failed: (error: unknown, res: ServerResponse) => void): WriteBatch {
  let pending: Array<ServerResponse | (() => void)> = [];
  const flush = () => {
    const writes = pending;
    pending = [];
    for (let i = 0; i < writes.length; i += 2) {
      const res = writes[i] as ServerResponse;
      try {
        (writes[i + 1] as () => void)();
      } catch (error) {
        failed(error, res);
      }
    }
  };
  return {
    add(res, write) {
      if (pending.length === 0) setImmediate(flush);
      pending.push(res, write);
    },
  };
}
