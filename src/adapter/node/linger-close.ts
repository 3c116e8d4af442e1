import type { IncomingMessage } from 'node:http';

export interface LingerOptions {
  /** Stop discarding (and close at once) past this many bytes. Default 64 MiB. */
  maxBytes?: number;
  /** Close at the latest after this long, ms. Default 2 000. */
  maxMs?: number;
}

/**
 * After an early answer (a 413 sent while the client is still uploading): discard what the client
 * still sends, within bounds, then close. Closing at once with unread bytes in the receive buffer
 * makes the kernel send RST, and a RST destroys the client's unread copy of our 413, so the client
 * would see "connection reset" instead of the answer. Discarded bytes are dropped as they arrive
 * (memory stays flat); a client that keeps sending past the bounds is cut off.
 */
export function lingerThenClose(req: IncomingMessage, options: LingerOptions = {}): void {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const socket = req.socket;
  if (req.complete || socket.destroyed) {
    socket.end();
    return;
  }
  const timer = setTimeout(() => socket.destroy(), options.maxMs ?? 2_000);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  let discarded = 0;
  // The Fetch body adapter's listener would queue every byte for a reader that is gone.
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded > maxBytes) socket.destroy();
  });
  req.once('end', () => {
    clearTimeout(timer);
    socket.end();
  });
  req.resume();
}
