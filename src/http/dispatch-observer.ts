import type { DispatchContext } from './dispatch-context.ts';
import { onFramesSent, onPieceSent, rawBodyOf } from './raw-body.ts';
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

/** Hears a streamed answer's body as it is handed to the client, in whichever form it is held. */
export interface BodySentListener {
  /** Byte pieces `from` to `to` of a raw event stream went out. */
  pieces(pieces: readonly Uint8Array[], from: number, to: number): void;
  /** Frames `from` to `to` of a raw event stream held as text (`list`, joined as `text`) went out. */
  frames(list: readonly string[], text: string, from: number, to: number): void;
  /** A chunk of a stream built as it goes (paced by realistic timing) went out. */
  chunk(chunk: Uint8Array): void;
}

/**
 * A listener to the dispatcher's lifecycle (the journal, the metrics): told of every API answer
 * as it is made, and, by returning a listener, of a streamed body as it goes out. Observers only
 * listen; the answer is the dispatcher's.
 */
export interface DispatchObserver {
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
  if (raw && 'pieces' in raw) onPieceSent(response, (pieces, from, end) => to.pieces(pieces, from, end));
  else if (raw && 'frames' in raw) onFramesSent(response, (frames, from, end) => to.frames(frames.list, frames.text, from, end));
  else if (!raw && response.body && response.headers.get('content-type')?.startsWith('text/event-stream')) return tapped(response, (chunk) => to.chunk(chunk));
  return response;
}

function bothListeners(a: BodySentListener, b: BodySentListener): BodySentListener {
  return {
    pieces: (pieces, from, to) => (a.pieces(pieces, from, to), b.pieces(pieces, from, to)),
    frames: (list, text, from, to) => (a.frames(list, text, from, to), b.frames(list, text, from, to)),
    chunk: (chunk) => (a.chunk(chunk), b.chunk(chunk)),
  };
}

function tapped(response: Response, sent: (chunk: Uint8Array) => void): Response {
  const tap = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      sent(chunk);
      controller.enqueue(chunk);
    },
  });
  return new Response(response.body!.pipeThrough(tap), { status: response.status, statusText: response.statusText, headers: response.headers });
}
