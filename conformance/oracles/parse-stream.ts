import type { Exchange } from '../client/exchange.ts';
import { readSse, type SseRead } from '../sse/read-sse.ts';

/** One JSON event of a Responses stream, as decoded (not yet validated). */
export interface StreamEventData {
  readonly type?: unknown;
  readonly sequence_number?: unknown;
  readonly [key: string]: unknown;
}

export interface ParsedStream extends SseRead {
  /** `data` of every message that is not `[DONE]`, parsed; `undefined` where it was not JSON. */
  readonly events: readonly (StreamEventData | undefined)[];
  /** Index of each `[DONE]` among the messages. */
  readonly doneAt: readonly number[];
}

/** Streams decoded so far, by their chunks (an exchange's are never changed after it is made). */
const parsed = new WeakMap<readonly Uint8Array[], ParsedStream>();

/**
 * Decode a Responses stream answer (spec 6) from the bytes as they arrived.
 *
 * @example
 * const stream = parseStream(exchange);
 * stream.events.map((e) => e?.type);
 */
export function parseStream(exchange: Pick<Exchange, 'chunks'>): ParsedStream {
  // A stream sample is judged by a dozen oracles: decode its bytes once.
  const seen = parsed.get(exchange.chunks);
  if (seen) return seen;
  const read = readSse(exchange.chunks);
  const events: (StreamEventData | undefined)[] = [];
  const doneAt: number[] = [];
  read.messages.forEach((m, i) => {
    if (m.data === '[DONE]') {
      doneAt.push(i);
      return;
    }
    try {
      const value: unknown = JSON.parse(m.data);
      events.push(typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as StreamEventData) : undefined);
    } catch {
      events.push(undefined);
    }
  });
  const stream = { ...read, events, doneAt };
  parsed.set(exchange.chunks, stream);
  return stream;
}
