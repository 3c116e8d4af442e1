import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import { rawBodyOf, type RawBody } from '../../src/http/raw-body.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from '../targets.ts';

// A model whose context holds the ~360k tokens of these instructions.
const MODEL = 'google/gemini-2.5-flash';
// 1 MB of instructions, with characters JSON escapes (each `"` is two bytes on the wire) and non-ASCII.
const INSTRUCTIONS = 'Answer in French, "briefly". Ça va ✨\n'.repeat(28_000);
const body = JSON.stringify({ model: MODEL, input: 'Hi', instructions: INSTRUCTIONS, stream: true });
const echoBytes = Buffer.byteLength(JSON.stringify(INSTRUCTIONS));

/** Bytes an answer's body holds until it is written: a text's UTF-8, or the distinct buffers behind its pieces. */
function keptBytes(raw: RawBody): number {
  if ('text' in raw) return Buffer.byteLength(raw.text);
  if ('frames' in raw) return Buffer.byteLength(raw.frames.text);
  return [...new Set(raw.pieces.map((p) => p.buffer))].reduce((n, b) => n + b.byteLength, 0);
}

/** The `data:` payloads of a Responses event stream (not `[DONE]`). */
function events(text: string): Array<{ type: string; response?: { instructions: unknown } }> {
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: {'))
    .map((line) => JSON.parse(line.slice(6)));
}

describe('robustness: a 1 MB instructions echoed in a stream (issue 25 item 11)', () => {
  it('the open stream holds the echoed instructions once, not three times', async () => {
    const gateway = createGateway({ baseUrl: 'http://gw.test/api/v1', clock: virtualClock() });
    const res = await gateway.handle(new Request('http://gw.test/api/v1/responses', { method: 'POST', headers: jsonHeaders(), body }), { rawBodies: true });
    expect(res.status).toBe(200);
    const raw = rawBodyOf(res);
    expect(raw).toBeDefined();
    // Three echoes on the wire (below), one copy kept: before, the body held all three (> 3 x echoBytes).
    expect(keptBytes(raw as RawBody)).toBeLessThan(echoBytes + 64 * 1024);
  });

  describe.each(TARGET_KINDS)('on %s', (kind) => {
    let target: Target;
    beforeAll(async () => {
      target = await startTarget(kind, { clock: virtualClock() });
    });
    afterAll(() => target.close());

    it('still echoes the whole instructions in response.created, response.in_progress and response.completed', async () => {
      const res = await target.fetch('/responses', { method: 'POST', headers: jsonHeaders(), body });
      expect(res.status).toBe(200);
      const text = await res.text();
      const echoed = events(text).filter((e) => e.response);
      expect(echoed.map((e) => e.type)).toEqual(['response.created', 'response.in_progress', 'response.completed']);
      for (const e of echoed) expect(e.response?.instructions).toBe(INSTRUCTIONS);
      expect(Buffer.byteLength(text)).toBeGreaterThan(3 * echoBytes);
      expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    });

    it('the openai SDK at default settings reads the echo in every response event', async () => {
      const client = new OpenAI({ baseURL: target.baseUrl, apiKey: 'sk-gw-test' });
      const stream = await client.responses.create({ model: MODEL, input: 'Hi', instructions: INSTRUCTIONS, stream: true });
      const seen: string[] = [];
      for await (const event of stream) {
        if (event.type === 'response.created' || event.type === 'response.in_progress' || event.type === 'response.completed') {
          expect(event.response.instructions).toBe(INSTRUCTIONS);
          seen.push(event.type);
        }
      }
      expect(seen).toEqual(['response.created', 'response.in_progress', 'response.completed']);
    });
  });
});
