/**
 * How much of an answer reached the client: `sent` of its `of` pieces (the events of a stream).
 * Equal counts are the whole answer; fewer is a client that left mid-stream.
 */
export interface Delivery {
  readonly sent: number;
  readonly of: number;
}

/** An answer handed over whole (a JSON body, a stream read to its end). */
export const WHOLE_DELIVERY: Delivery = Object.freeze({ sent: 1, of: 1 });

/** Whether the client got all of it. */
export function deliveredWhole(delivery: Delivery): boolean {
  return delivery.sent >= delivery.of;
}

// A symbol property on a body stream whose pieces are known up front (a paced stream): how many.
const PIECE_COUNT = Symbol.for('gatewaykit.pieceCount');

/**
 * Mark a body stream with the number of pieces it will hand out, so a listener that sees it
 * cancelled can tell how much was delivered.
 *
 * @example
 * return withPieceCount(new ReadableStream(...), pieces.length);
 */
export function withPieceCount<T extends object>(stream: T, count: number): T {
  Object.defineProperty(stream, PIECE_COUNT, { value: count });
  return stream;
}

/** The number of pieces a marked body stream hands out, if it was marked. */
export function pieceCountOf(stream: object): number | undefined {
  return (stream as { [PIECE_COUNT]?: number })[PIECE_COUNT];
}
