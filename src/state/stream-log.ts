/**
 * The pieces of a streamed answer as the journal keeps them: where each piece's bytes are in the
 * journal's byte ring (src/state/byte-ring.ts), how long, and when it was sent, as plain number
 * lists. Forty events are then a few arrays of numbers, not eighty objects, for the garbage
 * collector to copy and trace in each kept entry.
 *
 * Pieces that lie end to end in the ring and were sent at the same time (a writer hands a whole
 * stream, or a run of its events, over in one write) share one run: its ring position and time
 * are kept once, and each piece adds only its length. A stream written at once is then its lengths
 * and one run, not three numbers per event.
 */
export interface StreamLog {
  /** Each piece's length in bytes, in order. */
  readonly lengths: number[];
  /** The runs, three numbers each: ring position of the run's first piece, when it was sent (ms after the request arrived), index of its first piece. */
  readonly runs: number[];
  /** Ring position just past the last piece (where a piece that continues the last run starts). */
  end: number;
}

export function createStreamLog(): StreamLog {
  return { lengths: [], runs: [], end: -1 };
}

/** Add one piece kept at ring position `at`, `length` bytes, sent at `time`. */
export function logPiece(log: StreamLog, at: number, length: number, time: number): void {
  const { runs } = log;
  const last = runs.length - 3;
  if (last < 0 || at !== log.end || runs[last + 1] !== time) runs.push(at, time, log.lengths.length);
  log.lengths.push(length);
  log.end = at + length;
}

/** How many pieces are kept. */
export function loggedPieces(log: StreamLog): number {
  return log.lengths.length;
}

/**
 * Each kept piece from index `from` on, in order: its ring position, length and time.
 *
 * @example
 * eachPiece(log, 0, (at, length, time) => events.push({ at, length, time }));
 */
export function eachPiece(log: StreamLog, from: number, visit: (at: number, length: number, time: number) => void): void {
  const { lengths, runs } = log;
  for (let r = 0; r < runs.length; r += 3) {
    let at = runs[r] as number;
    const time = runs[r + 1] as number;
    const end = r + 3 < runs.length ? (runs[r + 5] as number) : lengths.length;
    for (let i = runs[r + 2] as number; i < end; i++) {
      const length = lengths[i] as number;
      if (i >= from) visit(at, length, time);
      at += length;
    }
  }
}
