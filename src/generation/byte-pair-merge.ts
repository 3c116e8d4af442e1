import type { RankTable } from './rank-table.ts';

const NONE = 0x7fffffff;

/**
 * Byte-pair encoding of one pre-token (`bytes[0, length)`), appended to `out`: tiktoken's merge
 * loop, as gpt-tokenizer runs it. Repeatedly merge the adjacent pair of parts with the lowest
 * rank (the leftmost on a tie) until no pair is a token. Quadratic in the length, which the
 * tokenizer bounds (long runs are cut before they get here).
 */
export function bytePairMerge(table: RankTable, bytes: Uint8Array, length: number, out: number[]): void {
  // starts[i]: where part i begins (starts[count] = length); ranks[i]: rank of parts i and i+1 joined.
  const starts = new Int32Array(length + 1);
  const ranks = new Int32Array(length + 1);
  for (let i = 0; i <= length; i++) {
    starts[i] = i;
    ranks[i] = i < length - 1 ? pairRank(table, bytes, i, i + 2) : NONE;
  }
  let count = length + 1; // entries of starts (and of ranks)
  const rankAt = (i: number) => (i + 2 < count ? pairRank(table, bytes, starts[i]!, starts[i + 2]!) : NONE);
  while (count > 1) {
    let lowest = NONE;
    let at = -1;
    for (let i = 0; i < count - 1; i++) {
      if (ranks[i]! < lowest) {
        lowest = ranks[i]!;
        at = i;
      }
    }
    if (at < 0) break;
    starts.copyWithin(at + 1, at + 2, count);
    ranks.copyWithin(at, at + 1, count);
    count--;
    ranks[at] = rankAt(at);
    if (at > 0) ranks[at - 1] = rankAt(at - 1);
  }
  for (let i = 0; i < count - 1; i++) {
    const r = table.rank(bytes, starts[i]!, starts[i + 1]!);
    if (r < 0) throw new Error(`byte-pair merge: part ${i} of a pre-token is no token`);
    out.push(r);
  }
}

function pairRank(table: RankTable, bytes: Uint8Array, start: number, end: number): number {
  const r = table.rank(bytes, start, end);
  return r < 0 ? NONE : r;
}
