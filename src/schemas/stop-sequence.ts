import { z } from 'zod';

/**
 * Bounds of the stop sequences a request may send: the reference's `ChatRequest.stop` holds up to
 * 4; `MessagesRequest.stop_sequences` states no bound, so the gateway sets one that no real client
 * meets (Anthropic's and OpenAI's clients send a handful). With each sequence bounded too, the
 * sequences' total length is at most `messagesMaxItems` x `maxChars`, and matching them costs one
 * pass over the reply (generation/first-stop.ts).
 */
export const STOP_LIMITS = {
  /** reference `ChatRequest.stop`: up to 4. */
  chatMaxItems: 4,
  /** `MessagesRequest.stop_sequences`: the gateway's bound. */
  messagesMaxItems: 64,
  /** Characters (UTF-16 code units) of one sequence. */
  maxChars: 256,
} as const;

/** One stop sequence as a surface accepts it. */
export const StopSequenceSchema = z.string().max(STOP_LIMITS.maxChars);
