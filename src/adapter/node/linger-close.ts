import type { IncomingMessage } from 'node:http';

export interface LingerOptions {
  /** Stop discarding (and close at once) past this many bytes. Default 64 MiB. */
  maxBytes?: number;
  /** Close at the latest after this long, ms. Default 30 000. */
  maxMs?: number;
  /** Close when the client sends nothing for this long, ms. Default 5 000. */
  idleMs?: number;
}

/**
 * After an early answer (a 413 sent while the client is still uploading): discard what the client
 * still sends, within bounds, then close. Closing at once with unread bytes in the receive buffer
 * makes the kernel send RST, and a RST destroys the client's unread copy of our 413, so the client
 * would see "connection reset" instead of the answer. Discarded bytes are dropped as they arrive
 * (memory stays flat); a client that keeps sending past the bounds is cut off. The bounds are a
 * web server's lingering close: a total time, and a quiet time that each arrival starts again, so
 * a client slowed by a busy machine still gets to read the answer.
 */
export function lingerThenClose(req: IncomingMessage, options: LingerOptions = {}): void {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const socket = req.socket;
  if (req.complete || socket.destroyed) {
    socket.end();
    return;
  }
  const timer = setTimeout(() => socket.destroy(), options.maxMs ?? 30_000);
  timer.unref();
  const idleMs = options.idleMs ?? 5_000;
  const idle = setTimeout(() => socket.destroy(), idleMs);
  idle.unref();
  socket.once('close', () => (clearTimeout(timer), clearTimeout(idle)));
  let discarded = 0;
  // The Fetch body adapter's listener would queue every byte for a reader that is gone.
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded > maxBytes) socket.destroy();
    else idle.refresh();
  });
  req.once('end', () => {
    clearTimeout(timer);
    clearTimeout(idle);
    socket.end();
  });
  req.resume();
}
