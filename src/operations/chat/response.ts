import type { EngineAnswer } from '../../engine/run-engine.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import { assembleStream } from '../../streaming/assemble-stream.ts';
import { sseDataFrames } from '../../streaming/encode-sse.ts';
import { chatChunks } from './chat-chunks.ts';
import { chatCompletion, type LogprobsRequest } from './chat-completion.ts';

/** Frame 0 is the keep-alive comment, frame 1 the role delta: a stream cut falls past them, before the final chunk. */
const FIRST_CUT_FRAME = 2;

/** What the chat surface renders beyond the engine's answer. */
export interface ChatRendering {
  /** `stream_options.include_usage`. */
  includeUsage: boolean;
  /** `logprobs: true` (with `top_logprobs`). */
  logprobs?: LogprobsRequest | undefined;
}

/**
 * The engine's answer on the Chat Completions surface: reference `ChatResult` as JSON, or the
 * `chat.completion.chunk` stream (`data:` frames, `[DONE]` last unless the stream is cut), with
 * the same fault, pacing and chunking as any stream. The completion id is the answer's
 * `X-Generation-Id`.
 *
 * @example
 * return renderChat(await runEngine(engine, chatToCanonical(chat), ctx), { includeUsage: false });
 */
export function renderChat(answer: EngineAnswer, rendering: ChatRendering): Response | Promise<Response> {
  const id = answer.generationId;
  const stream = answer.stream;
  if (!stream) return jsonResponse(chatCompletion(answer.result, id, rendering.logprobs), { headers: answer.headers });
  const chunks = chatChunks(stream.events, {
    id,
    created: answer.result.created_at,
    model: answer.result.model,
    includeUsage: rendering.includeUsage,
    logprobs: rendering.logprobs,
  });
  const frames = sseDataFrames(
    chunks.map((c) => c.json),
    { done: stream.fault !== 'stream-cut' },
  );
  const tokens = stream.eventTokens;
  return assembleStream(
    frames,
    {
      cut: stream.cutRng ? { from: FIRST_CUT_FRAME, rng: stream.cutRng } : undefined,
      // Frame 0 is the keep-alive comment; frame i + 1 is chunk i, carrying its event's tokens.
      paced: stream.timed && tokens ? { timed: stream.timed, frameTokens: [0, ...chunks.map((c) => (c.event >= 0 ? (tokens[c.event] ?? 0) : 0))] } : undefined,
      chunking: stream.chunking,
    },
    answer.headers,
  );
}
