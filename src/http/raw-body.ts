/**
 * A body the core already holds as bytes: a JSON text, or the pieces of an event stream.
 *
 * Operations build their Responses without a body stream and leave the bytes under a symbol; the
 * dispatcher turns them into an ordinary Fetch body at its exit ({@link materializeBody}) for
 * every Fetch consumer (msw, `gateway.fetch`, tests), while the node:http adapter, which asks for
 * raw bodies, writes the bytes straight to the socket. A web stream per response cost more than
 * the rest of a small answer.
 */
export type RawBody =
  | { readonly text: string }
  | {
      readonly pieces: readonly Uint8Array[];
      /** Told of each piece as it is handed to the client (the journal times stream events with it). */
      readonly sent?: (piece: Uint8Array) => void;
    };

// A symbol property on the Response itself: no registry, nothing kept beyond the Response's life.
const RAW_BODY = Symbol.for('gatewaykit.rawBody');

type WithRaw = Response & { [RAW_BODY]?: RawBody };

/** A bodiless Response carrying `raw` as its body-to-be. */
export function rawBodyResponse(raw: RawBody, init: { status: number; headers: Record<string, string> }): Response {
  const response: WithRaw = new Response(null, init);
  response[RAW_BODY] = raw;
  return response;
}

/** The bytes an operation left on `response`, if its body is still to be made. */
export function rawBodyOf(response: Response): RawBody | undefined {
  return (response as WithRaw)[RAW_BODY];
}

/**
 * Have `sent` told of each piece of `response`'s raw event stream as it goes out; other answers
 * are left as they are.
 *
 * @example
 * onPieceSent(response, (piece) => journalHandle.sent(piece));
 */
export function onPieceSent(response: Response, sent: (piece: Uint8Array) => void): void {
  const raw = rawBodyOf(response);
  if (raw && 'pieces' in raw) (response as WithRaw)[RAW_BODY] = { pieces: raw.pieces, sent };
}

/** A stream that hands out `pieces` one per read; cancelling it (client gone) drops the rest. */
function piecesStream(pieces: readonly Uint8Array[], sent?: (piece: Uint8Array) => void): ReadableStream<Uint8Array> {
  let queue: readonly Uint8Array[] | undefined = pieces;
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue?.[at++];
      if (next === undefined) {
        queue = undefined;
        controller.close();
      } else {
        sent?.(next);
        controller.enqueue(next);
      }
    },
    cancel() {
      queue = undefined;
    },
  });
}

/** The same response with its raw body made into an ordinary Fetch body (others: unchanged). */
export function materializeBody(response: Response): Response {
  const raw = rawBodyOf(response);
  if (!raw) return response;
  const body = 'text' in raw ? raw.text : piecesStream(raw.pieces, raw.sent);
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * A JSON Response (the one way the core answers JSON): serialised once, the text kept raw.
 *
 * @example
 * return jsonResponse({ data: [] });
 * return jsonResponse(job, { status: 202 });
 */
export function jsonResponse(value: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return rawBodyResponse({ text: JSON.stringify(value) }, { status: init.status ?? 200, headers: { 'content-type': 'application/json', ...init.headers } });
}
