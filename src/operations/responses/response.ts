import { jsonResponse } from '../../http/raw-body.ts';
import type { EngineAnswer } from '../../engine/run-engine.ts';
import { assembleStream } from '../../streaming/assemble-stream.ts';
import { encodeSseFrames, encodeSsePiecesSharingEcho, SHARED_ECHO_MIN_CHARS } from '../../streaming/encode-sse.ts';
import { sseResponse } from '../../streaming/sse-response.ts';

/**
 * Frame 0 is the keep-alive comment, 1 and 2 `response.created` and `response.in_progress`: a
 * stream cut falls inside an event after those and before the terminal event.
 */
const FIRST_CUT_FRAME = 3;

/**
 * The engine's answer on the Responses surface: the spec 2.2 result as JSON, or the spec 6 event
 * stream (`event:` + `data:` frames, `[DONE]` last unless the stream is cut).
 *
 * @example
 * return renderResponses(await runEngine(engine, request, ctx));
 */
export function renderResponses(answer: EngineAnswer): Response | Promise<Response> {
  const stream = answer.stream;
  if (!stream) return jsonResponse(answer.result, { headers: answer.headers });
  const done = stream.fault !== 'stream-cut';
  const instructions = answer.result.instructions;
  // spec 2.2 / 6: three events echo the instructions. A long one is encoded once and shared, so an
  // open stream holds one copy, not three. Cut, paced and re-chunked streams work on whole frames
  // and keep the frame encoding.
  if (
    typeof instructions === 'string' &&
    instructions.length >= SHARED_ECHO_MIN_CHARS &&
    !stream.cutRng &&
    !(stream.timed && stream.eventTokens) &&
    !stream.chunking
  ) {
    return sseResponse(encodeSsePiecesSharingEcho(stream.events, { done }), answer.headers);
  }
  const frames = encodeSseFrames(stream.events, { done });
  return assembleStream(
    frames,
    {
      cut: stream.cutRng ? { from: FIRST_CUT_FRAME, rng: stream.cutRng } : undefined,
      // Frame 0 is the keep-alive comment; frame i + 1 is event i; [DONE] carries no tokens.
      paced: stream.timed && stream.eventTokens ? { timed: stream.timed, frameTokens: [0, ...stream.eventTokens] } : undefined,
      chunking: stream.chunking,
    },
    answer.headers,
  );
}
