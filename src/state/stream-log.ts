/**
 * The pieces of a streamed answer as the journal keeps them: where each piece's bytes are in the
 * journal's byte ring (src/state/byte-ring.ts), how long, and when it was sent, as plain number
 * lists. Forty events are then three arrays of numbers, not eighty objects, for the garbage
 * collector to copy and trace in each kept entry.
 */
export interface StreamLog {
  readonly starts: number[];
  readonly lengths: number[];
  /** When each piece was handed to the client, ms after the request arrived. */
  readonly times: number[];
}

export function createStreamLog(): StreamLog {
  return { starts: [], lengths: [], times: [] };
}

/** Add one piece kept at ring position `at`, `length` bytes, sent at `time`. */
export function logPiece(log: StreamLog, at: number, length: number, time: number): void {
  log.starts.push(at);
  log.lengths.push(length);
  log.times.push(time);
}
