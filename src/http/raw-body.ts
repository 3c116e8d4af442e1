import { LightHeaders } from './light-headers.ts';

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

/**
 * A Response that holds its status, headers and raw body as given (in the @hono/node-server way):
 * the node adapter reads those three and writes the bytes out; anything else a caller asks of it
 * (its body, `text()`, `clone()`, ...) builds the ordinary Response once and answers from that.
 * undici's Response constructor (and its Headers) cost more than a small answer's own work.
 * Its prototype chain reaches Response.prototype, so it is an `instanceof Response`; every member
 * a caller can reach is its own (undici's need undici's private state).
 */
class LightResponse {
  [RAW_BODY]: RawBody;
  #status: number;
  #headers: Headers;
  #real: Response | undefined;

  constructor(raw: RawBody, status: number, headers: Headers) {
    this[RAW_BODY] = raw;
    this.#status = status;
    this.#headers = headers;
  }

  get status(): number {
    return this.#status;
  }
  get statusText(): string {
    return '';
  }
  get headers(): Headers {
    return this.#headers;
  }
  get ok(): boolean {
    return this.#status >= 200 && this.#status <= 299;
  }
  get type(): ResponseType {
    return 'default';
  }
  get url(): string {
    return '';
  }
  get redirected(): boolean {
    return false;
  }
  /** The ordinary Response, built on first need. */
  #realResponse(): Response {
    return (this.#real ??= materializeBody(this as unknown as Response));
  }
  get body(): ReadableStream<Uint8Array> | null {
    return this.#realResponse().body;
  }
  get bodyUsed(): boolean {
    return this.#real?.bodyUsed ?? false;
  }
  arrayBuffer(): Promise<ArrayBuffer> {
    return this.#realResponse().arrayBuffer();
  }
  blob(): Promise<Blob> {
    return this.#realResponse().blob();
  }
  bytes(): Promise<Uint8Array> {
    return (this.#realResponse() as Response & { bytes(): Promise<Uint8Array> }).bytes();
  }
  formData(): Promise<FormData> {
    return this.#realResponse().formData();
  }
  json(): Promise<unknown> {
    return this.#realResponse().json();
  }
  text(): Promise<string> {
    return this.#realResponse().text();
  }
  clone(): Response {
    return this.#realResponse().clone();
  }
  get [Symbol.toStringTag](): string {
    return 'Response';
  }
}
Object.setPrototypeOf(LightResponse.prototype, Response.prototype);

/** A bodiless Response carrying `raw` as its body-to-be. */
export function rawBodyResponse(raw: RawBody, init: { status: number; headers: Record<string, string> }): Response {
  // Fetch's rule (the ordinary constructor throws the same): a status outside 200-599 is a bug.
  if (!Number.isInteger(init.status) || init.status < 200 || init.status > 599) throw new RangeError(`Invalid response status ${init.status}`);
  return new LightResponse(raw, init.status, new LightHeaders(init.headers)) as unknown as Response;
}

/** The bytes an operation left on `response`, if its body is still to be made. */
export function rawBodyOf(response: Response): RawBody | undefined {
  return (response as { [RAW_BODY]?: RawBody })[RAW_BODY];
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
  if (raw && 'pieces' in raw) (response as { [RAW_BODY]?: RawBody })[RAW_BODY] = { pieces: raw.pieces, sent };
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
