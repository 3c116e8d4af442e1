import type { EngineAnswer } from '../../engine/run-engine.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import { assembleStream } from '../../streaming/assemble-stream.ts';
import { encodeSseFrames } from '../../streaming/encode-sse.ts';
import { messageEvents, type MessagesStreamEvent } from './message-events.ts';
import { renderMessage } from './render-message.ts';

/**
 * Frame 0 is the keep-alive comment, 1 and 2 `message_start` and its `ping`: a stream cut falls
 * inside an event after those, so `message_stop` never arrives.
 */
const FIRST_CUT_FRAME = 3;

/** What the Messages surface applies beyond the canonical request. */
export interface MessagesRendering {
  /** `cache_control.ttl`: the `cache_creation` bucket of written tokens. */
  cacheTtl?: '5m' | '1h' | undefined;
  /** The tokenizer's count (the engine loaded it): what each frame carries when paced. */
  countTokens: (text: string) => number;
}

/** Tokens an Anthropic event carries: those of its delta text (0 for framing). */
function eventTokens(event: MessagesStreamEvent, count: (text: string) => number): number {
  if (event.type !== 'content_block_delta') return 0;
  const delta = event.delta as { text?: string; thinking?: string; partial_json?: string };
  const text = delta.text ?? delta.thinking ?? delta.partial_json;
  return typeof text === 'string' ? count(text) : 0;
}

/**
 * The engine's answer on the Messages surface: the reference `MessagesResult` as JSON, or the
 * Anthropic event stream (`event:` + `data:` frames, no `[DONE]`: Anthropic streams end with
 * `message_stop`). The engine already ended the reply at a stop sequence (and billed what was
 * written); the answer names the sequence. Stream faults, pacing and chunking are the
 * engine's, applied to these frames. `request-id` repeats the generation id, where Anthropic
 * clients look for it.
 *
 * @example
 * return renderMessages(await runEngine(engine, canonical.request, ctx), { countTokens });
 */
export function renderMessages(answer: EngineAnswer, rendering: MessagesRendering): Response | Promise<Response> {
  const options = { stopSequence: answer.stopSequence, cacheTtl: rendering.cacheTtl };
  const headers = { ...answer.headers, 'request-id': answer.headers['x-generation-id'] ?? '' };
  const stream = answer.stream;
  if (!stream) return jsonResponse(renderMessage(answer.result, options), { headers });
  const events = messageEvents(stream.events, answer.result, options);
  const frames = encodeSseFrames(events, { done: false });
  return assembleStream(
    frames,
    {
      cut: stream.cutRng ? { from: FIRST_CUT_FRAME, rng: stream.cutRng } : undefined,
      // Frame 0 is the keep-alive comment; frame i + 1 is event i.
      paced: stream.timed ? { timed: stream.timed, frameTokens: [0, ...events.map((e) => eventTokens(e, rendering.countTokens))] } : undefined,
      chunking: stream.chunking,
    },
    headers,
  );
}
