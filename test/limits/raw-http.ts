import { connect, type Socket } from 'node:net';

export interface RawExchange {
  /** Everything the server sent before closing (or before we gave up). */
  readonly received: string;
  /** Body bytes we managed to write before the server answered or closed. */
  readonly bytesSent: number;
  /** The server closed the connection (rather than us giving up at `timeoutMs`). */
  readonly closedByServer: boolean;
}

export interface RawOptions {
  /** Bytes to send after the head, produced lazily (so a 100 MB body is never held in memory). */
  body?: { chunk: Buffer; count: number; chunked: boolean; delayMs?: number };
  /** Give up after this long (a safety bound, not an assertion). */
  timeoutMs: number;
}

/**
 * Send `head` (raw HTTP) and optionally a body, stopping as soon as the server answers or closes.
 * Only ever to 127.0.0.1.
 */
export function rawExchange(port: number, head: string | Buffer, options: RawOptions): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket: Socket = connect({ host: '127.0.0.1', port });
    let received = '';
    let bytesSent = 0;
    let answered = false;
    let finished = false;
    const finish = (closedByServer: boolean) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ received, bytesSent, closedByServer });
    };
    const timer = setTimeout(() => finish(false), options.timeoutMs);
    socket.on('data', (d) => {
      received += d.toString('latin1');
      answered = true;
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.on('connect', async () => {
      socket.write(head);
      const body = options.body;
      if (!body) return;
      for (let i = 0; i < body.count && !answered && !finished && !socket.destroyed; i++) {
        const frame = body.chunked ? Buffer.concat([Buffer.from(`${body.chunk.length.toString(16)}\r\n`), body.chunk, Buffer.from('\r\n')]) : body.chunk;
        bytesSent += body.chunk.length;
        const ok = socket.write(frame);
        if (body.delayMs) await new Promise((r) => setTimeout(r, body.delayMs));
        else if (!ok)
          await new Promise<void>((r) => {
            const go = () => {
              socket.off('drain', go);
              socket.off('close', go);
              r();
            };
            socket.on('drain', go);
            socket.on('close', go);
          });
      }
      if (body.chunked && !answered && !finished && !socket.destroyed) socket.write('0\r\n\r\n');
    });
  });
}

/** Status code of the first response in a raw exchange, or undefined if none came. */
export function statusOf(received: string): number | undefined {
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(received);
  return m ? Number(m[1]) : undefined;
}

/** Body of the first response (after the blank line), de-chunked when sent chunked. */
export function bodyOf(received: string): string {
  const i = received.indexOf('\r\n\r\n');
  if (i < 0) return '';
  const head = received.slice(0, i);
  const rest = received.slice(i + 4);
  if (!/^transfer-encoding:\s*chunked/im.test(head)) {
    const length = /^content-length:\s*(\d+)/im.exec(head)?.[1];
    return length === undefined ? rest : rest.slice(0, Number(length));
  }
  let out = '';
  let at = 0;
  for (;;) {
    const eol = rest.indexOf('\r\n', at);
    if (eol < 0) return out;
    const size = parseInt(rest.slice(at, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    at = eol + 2 + size + 2;
  }
}
