import { LightRequest } from '../http/light-request.ts';
import { materializeBody, rawBodyOf } from '../http/raw-body.ts';
import type { RequestInfo } from '../http/dispatch.ts';

/** One answer as a gateway gave it, handed to an {@link ExchangeObserver}. */
export interface Exchange {
  method: string;
  /** The path below the gateway's base path (`/chat/completions`); a control path as received (`/__gatewaykit/...`). */
  path: string;
  /** The path is not under the base path nor a control path (the gateway answered 404). */
  outside: boolean;
  status: number;
  contentType: string | null;
  /** The request's headers (simulation headers such as `x-gatewaykit-stream-cut` shape the answer). */
  requestHeaders: Headers;
  /** The body as text; undefined for a binary body (video, audio) or none. */
  body: string | undefined;
  /** False when the client left before a streamed body ended: `body` holds what was sent. */
  complete: boolean;
  /** Answered from a cassette (`x-gatewaykit-replay: hit`): recorded bytes, not the simulator's answer. */
  replayed: boolean;
}

/** Told of every answer of the gateways it watches, once the whole body is known. */
export type ExchangeObserver = (exchange: Exchange) => void;

type Dispatch = (request: Request, info?: RequestInfo) => Promise<Response>;

// A process-wide hook a test set-up installs before it creates gateways (the reference oracle of
// the package's own tests). Nothing in the package installs it: a gateway made without it
// dispatches as it always does.
const HOOK = Symbol.for('gatewaykit.exchangeObserver');
type HookHolder = { [HOOK]?: ExchangeObserver };

/**
 * Have `observer` told of every answer of every gateway created from now on in this process, until
 * the returned function is called. For test set-ups (e.g. judging each answer against a schema);
 * the observer must not throw, and its errors are ignored.
 *
 * @example
 * const stop = observeExchanges((exchange) => judge(exchange));
 */
export function observeExchanges(observer: ExchangeObserver): () => void {
  (globalThis as HookHolder)[HOOK] = observer;
  return () => {
    if ((globalThis as HookHolder)[HOOK] === observer) delete (globalThis as HookHolder)[HOOK];
  };
}

/** The observer installed by {@link observeExchanges}, read once when a gateway is created. */
export function installedExchangeObserver(): ExchangeObserver | undefined {
  return (globalThis as HookHolder)[HOOK];
}

const TEXTUAL = /^(application\/(json|problem\+json|rss\+xml|xml)|text\/)/;

/**
 * `dispatch` with every answer reported to `observer`: a body the core holds whole is reported at
 * once; a body made as it goes passes through a tap that reports it at its end (or when the client
 * leaves). The caller gets the same answer, raw or materialised as it asked.
 */
export function observedDispatch(dispatch: Dispatch, observer: ExchangeObserver, basePath: string): Dispatch {
  return async (request, info = {}) => {
    // Raw bodies are read here whole, then materialised for a caller that did not ask for them.
    // (An adapter's info may be a class instance with methods: passed on as it is.)
    const response = await dispatch(request, info.rawBodies ? info : { ...info, rawBodies: true });
    const fullPath = LightRequest.plainPath(request) ?? new URL(request.url).pathname;
    const control = fullPath.startsWith('/__gatewaykit/');
    const inside = fullPath === basePath || fullPath.startsWith(`${basePath}/`);
    const contentType = response.headers.get('content-type');
    const report = (body: string | undefined, complete: boolean) => {
      try {
        observer({
          method: request.method,
          path: control || !inside ? fullPath : fullPath.slice(basePath.length) || '/',
          outside: !control && !inside,
          status: response.status,
          contentType,
          requestHeaders: request.headers,
          body,
          complete,
          replayed: response.headers.get('x-gatewaykit-replay') === 'hit',
        });
      } catch {
        // An observer's failure is the observer's: the answer goes out as it is.
      }
    };
    const textual = contentType !== null && TEXTUAL.test(contentType);
    const raw = rawBodyOf(response);
    let answer = response;
    if (raw) report(!textual ? undefined : 'text' in raw ? raw.text : 'frames' in raw ? raw.frames.text : decodePieces(raw.pieces), true);
    else if (response.body && textual) answer = tapped(response, report);
    else report(undefined, true);
    return info.rawBodies ? answer : materializeBody(answer);
  };
}

function decodePieces(pieces: readonly Uint8Array[]): string {
  const decoder = new TextDecoder();
  return pieces.map((piece) => decoder.decode(piece, { stream: true })).join('') + decoder.decode();
}

/** The same answer, its body collected as it is read; reported at its end or when the reader cancels. */
function tapped(response: Response, report: (body: string, complete: boolean) => void): Response {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        report(text, false);
        throw error;
      }
      const { done, value } = next;
      if (done) {
        report(text + decoder.decode(), true);
        controller.close();
        return;
      }
      text += decoder.decode(value, { stream: true });
      controller.enqueue(value);
    },
    async cancel(reason) {
      report(text, false);
      await reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
