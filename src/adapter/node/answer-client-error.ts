import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBodyText, GatewayError } from '../../errors/gateway-error.ts';

/** The body text of a failure for the request's path (its operation family's error shape, else spec 7's). */
export type ClientErrorText = (pathname: string | undefined, err: GatewayError) => string;

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
 * client too slow to finish its request gets the error envelope with Node's usual status, then
 * the connection closes. Without a listener Node answers the same statuses with an empty body.
 * A client that timed out mid-body has a path: its failure is in that operation's error shape
 * (an Anthropic client on `/messages` reads Anthropic's).
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex, errorText: ClientErrorText = (_, err) => errorBodyText(err)): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean; req?: { url?: string } } })._httpMessage;
  // As Node does: never write into a response already under way (it would corrupt the peer's view).
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const status = statusFor(error.code);
  const body = errorText(pathOf(inFlight?.req?.url), new GatewayError(status, messageFor(status, error.code)));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
      'Content-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
    () => socket.destroy(),
  );
}

function pathOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const end = url.search(/[?#]/);
  return end < 0 ? url : url.slice(0, end);
}
