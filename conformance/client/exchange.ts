import type { Observed } from './observed.ts';
import type { Probe } from './probe.ts';

/** What came back for one probe: the status, headers and the body bytes as the network delivered them. */
export interface Exchange {
  readonly probe: Probe;
  readonly url: string;
  readonly status: number;
  /** Lower-cased header names (HTTP header names are case-insensitive). */
  readonly headers: Readonly<Record<string, string>>;
  /** The body split exactly as the reads returned it (the SSE reader is tested against any split). */
  readonly chunks: readonly Uint8Array[];
  /** The whole body decoded as UTF-8. */
  readonly text: string;
  /** Set when the body could not be read to the end (a cut stream, a reset connection). */
  readonly bodyError?: string;
  /** Milliseconds from sending to the last body byte. */
  readonly durationMs?: number;
}

/** Bodies parsed so far, by exchange: a shared sample is judged by several oracles, each asking. */
const parsedJson = new WeakMap<object, { readonly text: string; readonly value: unknown }>();

/** The body parsed as JSON, or undefined when it is not JSON. The value is shared: read it, never change it. */
export function exchangeJson(exchange: Pick<Exchange, 'text'>): unknown {
  const seen = parsedJson.get(exchange);
  if (seen && seen.text === exchange.text) return seen.value;
  let value: unknown;
  try {
    value = JSON.parse(exchange.text);
  } catch {
    value = undefined;
  }
  parsedJson.set(exchange, { text: exchange.text, value });
  return value;
}

/** The media type of the response, lower-cased, without parameters ('' when absent). */
export function mediaType(exchange: Pick<Exchange, 'headers'>): string {
  return (exchange.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * What a report shows of an answer: status, headers and the first 2 KB of the body.
 *
 * @example
 * observedOf({ status: 500, headers: {}, text: 'boom' }); // { status: 500, headers: {}, bodyExcerpt: 'boom', bodyBytes: 4 }
 */
export function observedOf(exchange: Pick<Exchange, 'status' | 'headers' | 'text'>): Observed {
  return { status: exchange.status, headers: exchange.headers, bodyExcerpt: exchange.text.slice(0, 2048), bodyBytes: Buffer.byteLength(exchange.text) };
}
