import { request, type Agent } from 'node:http';

export interface SseRead {
  readonly status: number;
  /** `data:` lines received (events, including the final `[DONE]`). */
  readonly events: number;
  /** Text deltas among them (`response.output_text.delta` events, Chat Completions chunks with content, Messages `text_delta`s). */
  readonly deltas: number;
  /** The stream ended as its format ends one: `[DONE]` (Responses, Chat Completions) or `message_stop` (Messages). */
  readonly done: boolean;
  readonly bytes: number;
  /** Request sent to last byte, ms. */
  readonly ms: number;
}

/** POST a streaming request over node:http and read the event stream to its end. */
export function readSse(url: string, body: string, headers: Record<string, string>, agent?: Agent): Promise<SseRead> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, agent }, (res) => {
      let events = 0;
      let deltas = 0;
      let bytes = 0;
      let tail = '';
      let done = false;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        bytes += chunk.length;
        const text = tail + chunk;
        const lines = text.split('\n');
        tail = lines.pop() ?? '';
        for (const line of lines) {
          if (line.startsWith('data:')) {
            events++;
            if (
              line.includes('"response.output_text.delta"') ||
              line.includes('"type":"text_delta"') ||
              (line.includes('"delta":{') && /"content":"[^"]/.test(line))
            )
              deltas++;
            if (line.trim() === 'data: [DONE]' || line.includes('"type":"message_stop"')) done = true;
          }
        }
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, events, deltas, done, bytes, ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
