import { describe, expect, test } from 'vitest';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { STOP_LIMITS } from '../src/schemas/stop-sequence.ts';

/**
 * Stop sequences are one mechanism (issue 36.3, 40.1): the engine cuts the reply once, with one
 * tie rule, whichever surface asked; their number and length are bounded up front.
 */
const MODEL = 'openai/gpt-4o-mini';
const TEXT = 'xx abcd yy. Then more.';
const gateway = createGateway({ scripts: [{ id: 'fixed', match: { input: 'fixed reply' }, reply: { type: 'text', text: TEXT } }] });
const headers = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };
const post = (path: string, body: unknown) => gateway.fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
const chat = (stop: unknown) => post('/chat/completions', { model: MODEL, messages: [{ role: 'user', content: 'fixed reply' }], stop });
const messages = (stop_sequences: unknown, extra: Record<string, unknown> = {}) =>
  post('/messages', { model: MODEL, max_tokens: 100, messages: [{ role: 'user', content: 'fixed reply' }], stop_sequences, ...extra });

describe('stop sequences', () => {
  test.each([
    [['abcd', 'bc'], 'xx a', 'bc'],
    [['bc', 'abcd'], 'xx a', 'bc'],
    [['cd', 'bcd'], 'xx a', 'bcd'],
    [['Then', '.'], 'xx abcd yy', '.'],
  ])('chat and Messages cut %j the same way: the sequence met first, the longest on a tie', async (stops, kept, named) => {
    const c = (await (await chat(stops)).json()) as { choices: Array<{ message: { content: string }; finish_reason: string }> };
    expect(c.choices[0]!.message.content).toBe(kept);
    expect(c.choices[0]!.finish_reason).toBe('stop');
    const m = (await (await messages(stops)).json()) as { content: Array<{ text: string }>; stop_reason: string; stop_sequence: string };
    expect(m.content[0]!.text).toBe(kept);
    expect(m).toMatchObject({ stop_reason: 'stop_sequence', stop_sequence: named });
  });

  test("a streamed Messages answer is the same cut as the JSON one, from the engine's events", async () => {
    const res = await messages(['yy'], { stream: true });
    const text = await res.text();
    const deltas = [...text.matchAll(/"text_delta","text":"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
    expect(deltas.join('')).toBe('xx abcd ');
    expect(text).toContain('"stop_reason":"stop_sequence","stop_sequence":"yy"');
  });

  test.each([
    ['Messages, one sequence too many', () => messages(Array.from({ length: STOP_LIMITS.messagesMaxItems + 1 }, (_, i) => `s${i}`)), 'stop_sequences'],
    ['Messages, a sequence too long', () => messages(['a'.repeat(STOP_LIMITS.maxChars + 1)]), 'stop_sequences[0]'],
    [
      'Messages, 200,000 two-letter sequences',
      () => messages(Array.from({ length: 200_000 }, (_, i) => `${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + ((i / 26) % 26))}`)),
      'stop_sequences',
    ],
    ['chat, five sequences', () => chat(['a', 'b', 'c', 'd', 'e']), 'stop'],
    ['chat, a sequence too long', () => chat('a'.repeat(STOP_LIMITS.maxChars + 1)), 'stop'],
  ])('%s: a 400 naming the field, before any work', async (_name, send, field) => {
    const res = await send();
    expect(res.status).toBe(400);
    const body = JSON.stringify(await res.json());
    expect(body).toContain(field);
  });
});
