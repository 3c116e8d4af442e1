import type { Delivery } from '../types/delivery.ts';
import type { DispatchContext } from './dispatch-context.ts';
import { onFramesSent, onPieceSent, rawBodyOf } from './raw-body.ts';
import { reportDelivery, tappedStream } from './report-delivery.ts';
import type { RequestInfo } from './request-info.ts';

/** An API answer ready to go out, failures included: what the dispatcher's observers are told. */
export interface AnsweredExchange {
  readonly ctx: DispatchContext;
  readonly info: RequestInfo;
  /** The request's path as received (base path included). */
  readonly pathname: string;
  /** The route's operation id, or `unknown` for a path no route serves. */
  readonly operation: string;
  readonly response: Response;
  /** The answer is the masked 500 of an unexpected error (a bug). */
  readonly unexpected: boolean;
}

/** Hears an answer's body as it is handed to the client, in whichever form it is held, and its end. */
export interface BodySentListener {
  /** Byte pieces `from` to `to` of a raw event stream went out. */
  pieces?(pieces: readonly Uint8Array[], from: number, to: number): void;
  /** Frames `from` to `to` of a raw event stream held as text (`list`, joined as `text`) went out. */
  frames?(list: readonly string[], text: string, from: number, to: number): void;
  /** A chunk of a stream built as it goes (paced by realistic timing) went out. */
  chunk?(chunk: Uint8Array): void;
  /**
   * The answer's body went out, told once: at once for a body handed over whole (JSON), at its end
   * for a stream read through, or when the client left it after `delivery.sent` of its pieces.
   */
  ended?(delivery: Delivery): void;
}

/**
 * A listener to the dispatcher's lifecycle (the journal, the metrics). Per API request, in order:
 * `started` when it arrives, `matched` once its route is found (not for a path no route serves),
 * `answered` when its answer is made (every request, failures included), and, through the listener
 * `answered` returns, the body going out and its end. Observers only listen; the answer is
 * the dispatcher's. Control requests (`/__gatewaykit/...`) are not observed.
 */
export interface DispatchObserver {
  started?(ctx: DispatchContext): void;
  matched?(ctx: DispatchContext): void;
  answered(exchange: AnsweredExchange): BodySentListener | undefined;
}

/**
 * Tells every observer of the answer, and has the body's progress reach those that asked for it.
 * A stream built as it goes is passed through a tap (a new Response): a client that leaves cancels
 * the tap, and the tap cancels the source, so nothing more is generated.
 */
export function announceAnswer(observers: readonly DispatchObserver[], exchange: AnsweredExchange): Response {
  let listener: BodySentListener | undefined;
  for (const observer of observers) {
    const heard = observer.answered(exchange);
    if (heard) listener = listener ? bothListeners(listener, heard) : heard;
  }
  const { response } = exchange;
  if (!listener) return response;
  const raw = rawBodyOf(response);
  const to = listener;
  if (raw && 'pieces' in raw) {
    if (to.pieces) onPieceSent(response, (pieces, from, end) => to.pieces!(pieces, from, end));
  } else if (raw && 'frames' in raw) {
    if (to.frames) onFramesSent(response, (frames, from, end) => to.frames!(frames.list, frames.text, from, end));
  } else if (!raw && response.body && response.headers.get('content-type')?.startsWith('text/event-stream')) {
    return tapped(response, to);
  }
  return to.ended ? reportDelivery(response, to.ended) : response;
}

/**
 * Whether an answer's body goes out over time (an event stream, raw or built as it goes): only
 * then is there a body to hear going out, or an end apart from the answer itself.
 */
export function isStreamedAnswer(response: Response): boolean {
  const raw = rawBodyOf(response);
  if (raw) return !('text' in raw);
  return response.body !== null && response.headers.get('content-type')?.startsWith('text/event-stream') === true;
}

function bothListeners(a: BodySentListener, b: BodySentListener): BodySentListener {
  return {
    pieces: a.pieces && b.pieces ? (pieces, from, to) => (a.pieces!(pieces, from, to), b.pieces!(pieces, from, to)) : (a.pieces ?? b.pieces),
    frames: a.frames && b.frames ? (list, text, from, to) => (a.frames!(list, text, from, to), b.frames!(list, text, from, to)) : (a.frames ?? b.frames),
    chunk: a.chunk && b.chunk ? (chunk) => (a.chunk!(chunk), b.chunk!(chunk)) : (a.chunk ?? b.chunk),
    ended: a.ended && b.ended ? (delivery) => (a.ended!(delivery), b.ended!(delivery)) : (a.ended ?? b.ended),
  };
}

/** A stream built as it goes, its chunks told as they are read and its end (or the client leaving) told once. */
function tapped(response: Response, to: BodySentListener): Response {
  const body = tappedStream(response.body!, to.ended ?? (() => undefined), to.chunk);
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
