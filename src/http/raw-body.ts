import { concatBytes } from '../bytes/concat-bytes.ts';
import { utf8ByteLength } from '../bytes/utf8-length.ts';
import { LightHeaders } from './light-headers.ts';
import { WHOLE_DELIVERY, type Delivery } from '../types/delivery.ts';

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
  | {
      readonly text: string;
      /**
       * The text's UTF-8 length, measured by the first that needs it ({@link textByteLength}): the
       * journal and the node adapter both do, for every JSON answer.
       */
      utf8Length?: number | undefined;
      /**
       * The text's UTF-8 as a one-byte string, one character per byte, when its maker had it (a
       * remembered answer is filled in so): a writer sends it as latin1 and encodes nothing. V8
       * keeps a text with any character past latin1 as a two-byte string, and its UTF-8 is made
       * afresh by every writer of it.
       */
      readonly latin1?: string | undefined;
    }
  | {
      readonly pieces: readonly Uint8Array[];
      /**
       * Told of pieces `from` to `to` as they are handed to the client (the journal times stream
       * events with it); a writer that hands several over at once tells of them in one call.
       */
      readonly sent?: (pieces: readonly Uint8Array[], from: number, to: number) => void;
      /**
       * Each piece must reach the socket as a write of its own (the random-chunking simulation,
       * whose point is the boundaries). Otherwise a writer may hand neighbouring pieces over in
       * one write: the bytes are the same, and one write instead of one per event is most of
       * what a stream costs a server.
       */
      readonly separate?: boolean;
      /** Told once how much of the stream the client got: at its end, or when the client left (src/types/delivery.ts). */
      readonly delivered?: (delivery: Delivery) => void;
    }
  | {
      /**
       * An event stream as text (src/streaming/encode-sse.ts `SseFrames`): its frames and the
       * frames joined. A writer that sends text sends `text`; byte pieces are made only when asked.
       */
      readonly frames: { readonly list: readonly string[]; readonly text: string };
      /** The same stream as UTF-8 pieces, one per frame (for consumers that need bytes). */
      readonly toPieces: () => readonly Uint8Array[];
      /** Told of frames `from` to `to` as they are handed to the client (the journal times them). */
      readonly sent?: (from: number, to: number) => void;
      /** Told once how much of the stream the client got: at its end, or when the client left. */
      readonly delivered?: (delivery: Delivery) => void;
    };

// A symbol property on the Response itself: no registry, nothing kept beyond the Response's life.
const RAW_BODY = Symbol.for('gatewaykit.rawBody');

const utf8Decoder = new TextDecoder();
const utf8Encoder = new TextEncoder();

/** The raw body's bytes, every piece reported `sent` in order (the whole body is handed over at once). */
function rawBytes(raw: RawBody): Uint8Array {
  if ('text' in raw) return rawTextBytes(raw);
  if ('frames' in raw) {
    raw.sent?.(0, raw.frames.list.length);
    raw.delivered?.(WHOLE_DELIVERY);
    return utf8Encoder.encode(raw.frames.text);
  }
  raw.sent?.(raw.pieces, 0, raw.pieces.length);
  raw.delivered?.(WHOLE_DELIVERY);
  return raw.pieces.length === 1 ? (raw.pieces[0] as Uint8Array) : concatBytes(raw.pieces);
}

/**
 * A Response that holds its status, headers and raw body as given (in the @hono/node-server way):
 * the node adapter reads those three and writes the bytes out, and `text()`, `json()`,
 * `arrayBuffer()` and `bytes()` answer from the bytes in hand. Anything else a caller asks of it
 * (`body`, `blob()`, `formData()`, `clone()`) builds the ordinary Response once, and from then on
 * everything answers from that. undici's Response constructor (its Headers, its body stream)
 * cost more than a small answer's own work. Every member a caller can reach is its own (undici's
 * need undici's private state); it becomes an `instanceof Response` when one may reach a caller who
 * could check (src/http/fetch-prototypes.ts).
 */
export class LightResponse {
  [RAW_BODY]: RawBody;
  #status: number;
  #headers: Headers;
  #real: Response | undefined;
  /** Read from the raw bytes (without building the ordinary Response). */
  #used = false;

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
  /** The ordinary Response, built on first need (already consumed if the raw bytes were read). */
  #realResponse(): Response {
    if (this.#real) return this.#real;
    const real = materializeBody(this as unknown as Response);
    if (this.#used) void real.arrayBuffer().catch(() => undefined);
    return (this.#real = real);
  }
  /** The raw bytes, once: Fetch's "body is unusable" for a second read. */
  #take(): Promise<Uint8Array> {
    if (this.#used) return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
    this.#used = true;
    try {
      return Promise.resolve(rawBytes(this[RAW_BODY]));
    } catch (error) {
      return Promise.reject(error);
    }
  }
  get body(): ReadableStream<Uint8Array> | null {
    return this.#realResponse().body;
  }
  get bodyUsed(): boolean {
    return this.#real ? this.#real.bodyUsed : this.#used;
  }
  arrayBuffer(): Promise<ArrayBuffer> {
    if (this.#real) return this.#real.arrayBuffer();
    return this.#take().then((b) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer);
  }
  bytes(): Promise<Uint8Array> {
    if (this.#real) return (this.#real as Response & { bytes(): Promise<Uint8Array> }).bytes();
    return this.#take().then((b) => new Uint8Array(b));
  }
  text(): Promise<string> {
    if (this.#real) return this.#real.text();
    // A text that UTF-8 round-trips unchanged (no lone surrogate, no leading BOM, as every
    // JSON.stringify output) is answered as it is.
    const raw = this[RAW_BODY];
    if ('text' in raw && !this.#used && raw.text.charCodeAt(0) !== 0xfeff && (raw.text as string & { isWellFormed(): boolean }).isWellFormed()) {
      this.#used = true;
      return Promise.resolve(raw.text);
    }
    return this.#take().then((b) => utf8Decoder.decode(b));
  }
  json(): Promise<unknown> {
    return this.text().then((t) => JSON.parse(t) as unknown);
  }
  blob(): Promise<Blob> {
    return this.#realResponse().blob();
  }
  formData(): Promise<FormData> {
    return this.#realResponse().formData();
  }
  clone(): Response {
    if (!this.#real && this.#used) throw new TypeError('Response.clone: Body has already been consumed.');
    return this.#realResponse().clone();
  }
  get [Symbol.toStringTag](): string {
    return 'Response';
  }
}

/** A bodiless Response carrying `raw` as its body-to-be. */
export function rawBodyResponse(raw: RawBody, init: { status: number; headers: Record<string, string> }): Response {
  // Fetch's rule (the ordinary constructor throws the same): a status outside 200-599 is a bug.
  if (!Number.isInteger(init.status) || init.status < 200 || init.status > 599) throw new RangeError(`Invalid response status ${init.status}`);
  return new LightResponse(raw, init.status, new LightHeaders(init.headers)) as unknown as Response;
}

/** Node's Buffer, when there: small texts are encoded into its pool (browsers use TextEncoder). */
const nodeBuffer = (globalThis as { Buffer?: { from(text: string, encoding: 'utf8' | 'latin1'): Uint8Array } }).Buffer;

/**
 * A text body's UTF-8, for a consumer that asks for bytes (the node adapter writes the text itself,
 * and the journal encodes it into its ring).
 *
 * @example
 * rawTextBytes({ text: '{}' }).byteLength; // 2
 */
export function rawTextBytes(raw: { readonly text: string; readonly latin1?: string | undefined }): Uint8Array {
  if (raw.latin1 !== undefined) return latin1Bytes(raw.latin1);
  return nodeBuffer ? nodeBuffer.from(raw.text, 'utf8') : utf8Encoder.encode(raw.text);
}

/**
 * A text body, its length not measured yet. Every text body made through here has the same members,
 * so the code that reads them sees one shape.
 *
 * @example
 * rawBodyResponse(rawText('{}'), { status: 200, headers: { 'content-type': 'application/json' } });
 */
export function rawText(
  text: string,
  known?: { utf8Length: number; latin1: string | undefined },
): { readonly text: string; utf8Length: number | undefined; readonly latin1: string | undefined } {
  return { text, utf8Length: known?.utf8Length, latin1: known?.latin1 };
}

/** A one-byte string's characters as bytes. */
function latin1Bytes(latin1: string): Uint8Array {
  if (nodeBuffer) return nodeBuffer.from(latin1, 'latin1');
  const bytes = new Uint8Array(latin1.length);
  for (let i = 0; i < latin1.length; i++) bytes[i] = latin1.charCodeAt(i);
  return bytes;
}

/**
 * A text body's UTF-8 length, measured once whoever asks first.
 *
 * @example
 * textByteLength(rawText('é')); // 2
 */
export function textByteLength(raw: { readonly text: string; utf8Length?: number | undefined }): number {
  return (raw.utf8Length ??= utf8ByteLength(raw.text));
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
 * onPieceSent(response, (pieces, from, to) => journalHandle.sent(pieces, from, to));
 */
export function onPieceSent(response: Response, sent: (pieces: readonly Uint8Array[], from: number, to: number) => void): void {
  const raw = rawBodyOf(response);
  if (raw && 'pieces' in raw) setRaw(response, { pieces: raw.pieces, sent, separate: raw.separate, delivered: raw.delivered });
}

/**
 * Have `sent` told of each frame of `response`'s raw event stream held as text (as it goes out,
 * the frames list beside), like {@link onPieceSent} for byte pieces.
 *
 * @example
 * onFramesSent(response, (frames, from, to) => journalHandle.sentFrames(frames, from, to));
 */
export function onFramesSent(
  response: Response,
  sent: (frames: { readonly list: readonly string[]; readonly text: string }, from: number, to: number) => void,
): void {
  const raw = rawBodyOf(response);
  if (raw && 'frames' in raw) {
    const frames = raw.frames;
    setRaw(response, { frames, toPieces: raw.toPieces, sent: (from: number, to: number) => sent(frames, from, to), delivered: raw.delivered });
  }
}

/**
 * Have `delivered` told once how much of `response`'s raw event stream the client got (at its
 * end, or when the client left), after any listener added before; other answers are left as they are.
 *
 * @example
 * onDelivered(response, ({ sent, of }) => settle(sent / of));
 */
export function onDelivered(response: Response, delivered: (delivery: Delivery) => void): void {
  const raw = rawBodyOf(response);
  if (!raw || 'text' in raw) return;
  // Listeners added one after another are all told, in the order they were added.
  const before = raw.delivered;
  const both = before ? (delivery: Delivery) => (before(delivery), delivered(delivery)) : delivered;
  setRaw(
    response,
    'frames' in raw
      ? { frames: raw.frames, toPieces: raw.toPieces, sent: raw.sent, delivered: both }
      : { pieces: raw.pieces, sent: raw.sent, separate: raw.separate, delivered: both },
  );
}

/**
 * Put `raw` on `response` in place of its raw body. Callers build it member by member, not as a
 * spread of the one before: a spread is copied key by key at run time, per streamed answer.
 */
function setRaw(response: Response, raw: RawBody): void {
  (response as { [RAW_BODY]?: RawBody })[RAW_BODY] = raw;
}

/** A stream that hands out `pieces` one per read; cancelling it (client gone) drops the rest. */
function piecesStream(
  pieces: readonly Uint8Array[],
  sent?: (pieces: readonly Uint8Array[], from: number, to: number) => void,
  delivered?: (delivery: Delivery) => void,
): ReadableStream<Uint8Array> {
  let queue: readonly Uint8Array[] | undefined = pieces;
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue?.[at++];
      if (next === undefined) {
        queue = undefined;
        controller.close();
        delivered?.(WHOLE_DELIVERY);
      } else {
        sent?.(pieces, at - 1, at);
        controller.enqueue(next);
      }
    },
    cancel() {
      if (queue) delivered?.({ sent: Math.max(0, at), of: pieces.length });
      queue = undefined;
    },
  });
}

/** The same response with its raw body made into an ordinary Fetch body (others: unchanged). */
export function materializeBody(response: Response): Response {
  const raw = rawBodyOf(response);
  if (!raw) return response;
  const body =
    'text' in raw
      ? raw.text
      : 'frames' in raw
        ? piecesStream(raw.toPieces(), raw.sent ? (_pieces, from, to) => raw.sent?.(from, to) : undefined, raw.delivered)
        : piecesStream(raw.pieces, raw.sent, raw.delivered);
  return new Response(body, { status: response.status, statusText: response.statusText, headers: headerPairs(response.headers) });
}

/**
 * The headers as `[name, value]` pairs for undici's Response constructor, each Set-Cookie apart:
 * undici converts a list of pairs faster than another Headers object (decision 0049).
 *
 * @example
 * new Response(text, { status: 200, headers: headerPairs(light.headers) });
 */
export function headerPairs(headers: Headers): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  headers.forEach((value, name) => pairs.push([name, value]));
  return pairs;
}

/**
 * A JSON Response (the one way the core answers JSON): serialised once, the text kept raw.
 *
 * @example
 * return jsonResponse({ data: [] });
 * return jsonResponse(job, { status: 202 });
 */
export function jsonResponse(value: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return rawBodyResponse(rawText(JSON.stringify(value)), { status: init.status ?? 200, headers: { 'content-type': 'application/json', ...init.headers } });
}
