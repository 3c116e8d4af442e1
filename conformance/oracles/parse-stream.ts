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

/**
 * Decode a Responses stream answer (spec 6) from the bytes as they arrived.
 *
 * @example
 * const stream = parseStream(exchange);
 * stream.events.map((e) => e?.type);
 */
export function parseStream(exchange: Pick<Exchange, 'chunks'>): ParsedStream {
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
  return { ...read, events, doneAt };
}
