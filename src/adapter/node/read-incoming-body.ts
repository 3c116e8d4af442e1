import type { IncomingMessage } from 'node:http';
import { GatewayError } from '../../errors/gateway-error.ts';
import { bodyTooLarge, declaredTooLarge } from '../../http/read-body.ts';

/**
 * Read an IncomingMessage's body with the size limit, straight from the socket stream: the same
 * rules and messages as the core's `readBodyLimited` (413 for a declared length over the limit
 * before reading, 413 as soon as the bytes pass it), without a web stream in between. Past the
 * limit reading stops; the server then drains and closes the connection (linger-close.ts).
 */
export function readIncomingBody(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) return Promise.reject(declaredTooLarge(declared, limit));
  return new Promise<Uint8Array>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('close', onGone);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        cleanup();
        req.pause();
        reject(bodyTooLarge(limit));
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total));
    };
    const onGone = () => {
      cleanup();
      reject(new GatewayError(400, 'The client closed the request before it was read in full'));
    };
    if (req.readableEnded) return resolve(new Uint8Array(0));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onGone);
    req.on('close', onGone);
  });
}
