import type { SeededRandom } from '../random/seeded-random.ts';

/**
 * `X-Gatewaykit-Chunking: random` (DESIGN): the same bytes, re-cut at seeded arbitrary offsets of
 * 1 to 64 bytes, so chunk borders fall inside lines, inside `data:` JSON and inside multi-byte
 * UTF-8 characters. Parsers that assume one event per read fail here (reference README pitfalls).
 */
export function rechunk(bytes: Uint8Array, rng: SeededRandom): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length;) {
    const size = rng.int(1, 64);
    chunks.push(bytes.slice(at, at + size));
    at += size;
  }
  return chunks;
}

/**
 * `X-Gatewaykit-Fault: stream-cut`: keep the pieces before piece `index` and a seeded part of
 * piece `index` (at least one byte, never all of it), so the stream ends mid-event.
 */
export function cutPieces(pieces: readonly Uint8Array[], index: number, rng: SeededRandom): Uint8Array[] {
  const piece = pieces[index];
  if (!piece) return [...pieces];
  const keep = piece.length > 1 ? rng.int(1, piece.length - 1) : 0;
  return [...pieces.slice(0, index), piece.slice(0, keep)];
}
