import { createParser } from 'eventsource-parser';

export interface SseMessage {
  readonly event: string | undefined;
  readonly data: string;
  readonly id: string | undefined;
}

export interface SseRead {
  readonly messages: readonly SseMessage[];
  /** Comment lines (`: keep-alive`), which clients must ignore. */
  readonly comments: readonly string[];
  /** Bytes after the last complete event (a stream cut mid-event). */
  readonly trailing: string;
}

/**
 * Decode server-sent events from byte chunks, wherever the network split them: inside a line,
 * between `\r` and `\n`, inside a multi-byte UTF-8 character (the streaming TextDecoder keeps the
 * partial character). Comment lines are collected, never mistaken for events. Pure.
 *
 * @example
 * readSse([new TextEncoder().encode('data: {"a":1}\n\n: ping\n\ndata: [DONE]\n\n')]).messages.map((m) => m.data);
 * // ['{"a":1}', '[DONE]']
 */
export function readSse(chunks: Iterable<Uint8Array>): SseRead {
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  const parser = createParser({
    onEvent: (m) => void messages.push({ event: m.event, data: m.data, id: m.id }),
    onComment: (c) => void comments.push(c),
  });
  const decoder = new TextDecoder('utf-8');
  let all = '';
  for (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    all += text;
    parser.feed(text);
  }
  const rest = decoder.decode();
  all += rest;
  if (rest) parser.feed(rest);
  // What follows the last blank line, comments aside, is an event that never finished (one pass
  // over the text: looking ahead for a later blank line from every blank line is quadratic).
  const tail = all.slice(afterLastBlankLine(all));
  const trailing = tail
    .split(/\r\n|\r|\n/)
    .filter((line) => line !== '' && !line.startsWith(':'))
    .join('\n');
  return { messages, comments, trailing };
}

/** Where the text after its last blank line (two line ends in a row) starts; 0 when it has none. */
export function afterLastBlankLine(text: string): number {
  const blank = /(\r\n|\r|\n)(\r\n|\r|\n)/g;
  let after = 0;
  for (let m = blank.exec(text); m; m = blank.exec(text)) after = m.index + m[0].length;
  return after;
}

/**
 * Split bytes at the given offsets (tests re-chunk a stream at every byte offset).
 *
 * @example
 * splitAt(new Uint8Array([1, 2, 3]), [1]); // [Uint8Array [1], Uint8Array [2, 3]]
 */
export function splitAt(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const cuts = [...new Set(offsets.filter((o) => o > 0 && o < bytes.length))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    out.push(bytes.slice(start, cut));
    start = cut;
  }
  return out;
}
