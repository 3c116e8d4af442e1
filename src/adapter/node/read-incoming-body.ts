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
  if (req.readableEnded) return Promise.resolve(new Uint8Array(0));
  if (isWhollyBuffered(req)) return Promise.resolve().then(() => takeBuffered(req, limit));
  // The request event comes while node is still parsing what arrived with the headers. Once this
  // turn's microtasks run, that parse is over: a body that came with the headers is all at hand.
  return Promise.resolve().then(() => (isWhollyBuffered(req) ? takeBuffered(req, limit) : readAsItComes(req, limit)));
}

/**
 * Whether node holds the whole body already, none of it read: the message is complete, or as many
 * bytes as its Content-Length are buffered (node marks it complete a step later, in the same parse).
 * The usual case: a small request's body arrives with its headers.
 */
function isWhollyBuffered(req: IncomingMessage): boolean {
  if (req.readableFlowing !== null || req.listenerCount('data') > 0) return false;
  if (req.complete) return true;
  const declared = req.headers['content-length'];
  return declared !== undefined && req.headers['transfer-encoding'] === undefined && req.readableLength >= Number(declared);
}

/** The buffered body taken in one read, no listeners and no turns of the event loop to wait for; throws past the limit. */
function takeBuffered(req: IncomingMessage, limit: number): Uint8Array {
  const total = req.readableLength;
  if (total > limit) throw bodyTooLarge(limit);
  const body = total === 0 ? null : (req.read() as Buffer | null);
  return body ?? new Uint8Array(0);
}

/** The body read chunk by chunk as node parses it, stopping past the limit. */
function readAsItComes(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  if (req.destroyed) return Promise.reject(clientLeft());
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
      reject(clientLeft());
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onGone);
    req.on('close', onGone);
  });
}

function clientLeft(): GatewayError {
  return new GatewayError(400, 'The client closed the request before it was read in full');
}
