import { concatBytes } from '../bytes/concat-bytes.ts';
import type { SeededRandom } from '../random/seeded-random.ts';
import { pacedEventStream, type TimedContext } from '../timing/timed-answer.ts';
import { framesToPieces, type SseFrames } from './encode-sse.ts';
import { cutPieces, rechunk } from './rechunk.ts';
import { SSE_HEADERS, sseFramesResponse, sseResponse } from './sse-response.ts';

/** How a stream's frames go out: the faults, pacing and chunking asked for (any surface's frames). */
export interface StreamDelivery {
  /**
   * `X-Gatewaykit-Fault: stream-cut`: the stream ends inside a seeded frame at index `from` or
   * later (never the last frame whole), so no terminal event arrives. `from` is the surface's
   * first frame past its opening events; frame 0 is the keep-alive comment.
   */
  cut?: { from: number; rng: SeededRandom } | undefined;
  /**
   * Realistic timing (docs/timing.md): each frame when the endpoint would have produced it;
   * `frameTokens[i]` is the tokens frame i carries (0 or missing for framing).
   */
  paced?: { timed: TimedContext; frameTokens: readonly number[] } | undefined;
  /** `X-Gatewaykit-Chunking: random`: the bytes re-cut at seeded offsets. */
  chunking?: SeededRandom | undefined;
}

/**
 * The 200 event-stream answer of a stream's frames (spec 6): as text when nothing is asked of it
 * (no byte pieces made), else as byte pieces cut, re-chunked and paced on the gateway clock. A
 * paced stream whose endpoint would time out fails before any byte (408 / 524, thrown).
 *
 * @example
 * await assembleStream(encodeSseFrames(events), {}, { 'x-generation-id': 'gen-1' });
 */
export async function assembleStream(frames: SseFrames, delivery: StreamDelivery, headers: Record<string, string>): Promise<Response> {
  const { cut, paced, chunking } = delivery;
  if (!cut && !paced && !chunking) return sseFramesResponse(frames, headers);
  let pieces = framesToPieces(frames);
  if (cut) {
    const last = pieces.length - 1;
    pieces = cutPieces(pieces, cut.rng.int(Math.min(cut.from, last - 1), last - 1), cut.rng);
  }
  if (paced) {
    const tokens = paced.frameTokens;
    const groups = chunking ? pieces.map((p) => rechunk(p, chunking)) : pieces.map((p) => [p]);
    const body = await pacedEventStream(
      paced.timed,
      groups.flat(),
      groups.flatMap((group, i) => group.map((_, j) => (j === 0 ? (tokens[i] ?? 0) : 0))),
    );
    return new Response(body, { status: 200, headers: { ...SSE_HEADERS, ...headers } });
  }
  if (chunking) return sseResponse(rechunk(concatBytes(pieces), chunking), headers, { separate: true });
  return sseResponse(pieces, headers);
}
