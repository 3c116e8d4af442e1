import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBodyText, GatewayError } from '../../errors/gateway-error.ts';

/** Node's parser and timeout errors, mapped as Node's own default handler maps them. */
function statusFor(code: string | undefined): number {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return 431;
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return 413;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 408;
    default:
      return 400;
  }
}

function messageFor(status: number, code: string | undefined): string {
  if (status === 408) return 'Request timed out: the request was not received in full within the time limit';
  if (status === 431) return 'Request header fields too large';
  if (status === 413) return 'Payload too large: chunk extensions exceed the limit';
  return `Malformed HTTP request${code ? ` (${code})` : ''}`;
}

/**
 * `clientError` listener: a request Node's parser refuses (bad syntax, oversized headers) or a
 * client too slow to finish its request gets the spec 7 envelope with Node's usual status, then
 * the connection closes. Without a listener Node answers the same statuses with an empty body.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  // As Node does: never write into a response already under way (it would corrupt the peer's view).
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const status = statusFor(error.code);
  const body = errorBodyText(new GatewayError(status, messageFor(status, error.code)));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
      'Content-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
    () => socket.destroy(),
  );
}
