/** One server-sent event: its `event:` name, if any, and its `data:` lines joined. */
export interface SseEvent {
  event?: string;
  data: string;
}

/**
 * The events of an SSE body (WHATWG HTML 9.2.6): comment lines (`:` keep-alives) and events
 * without data are left out. With `partial`, a last event not ended by a blank line (a stream
 * cut on purpose, or left by its client) is left out too.
 *
 * @example
 * parseSseEvents('event: ping\ndata: {}\n\n'); // [{ event: 'ping', data: '{}' }]
 */
export function parseSseEvents(body: string, partial = false): SseEvent[] {
  const blocks = body.replace(/\r\n?/g, '\n').split('\n\n');
  // The text after the last blank line is an unfinished event (or nothing).
  const last = blocks.pop() ?? '';
  if (!partial && last.trim() !== '') blocks.push(last);
  const events: SseEvent[] = [];
  for (const block of blocks) {
    let event: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) events.push(event === undefined ? { data: data.join('\n') } : { event, data: data.join('\n') });
  }
  return events;
}
