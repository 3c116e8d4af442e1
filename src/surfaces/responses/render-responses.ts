import { jsonResponse } from '../../http/raw-body.ts';
import type { EngineAnswer } from '../../engine/run-engine.ts';
import { assembleStream } from '../../streaming/assemble-stream.ts';
import { encodeSseFrames } from '../../streaming/encode-sse.ts';

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
  const frames = encodeSseFrames(stream.events, { done: stream.fault !== 'stream-cut' });
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
