import { describe, expect, test } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { catalog as paceCatalog, MODEL } from './support/pace-model.ts';

/**
 * Realistic timing on the Messages surface: the same pacing as /responses (the engine's), on the
 * gateway clock, for the Anthropic frames. One model with one endpoint (0.8 s to first token,
 * 20 tokens/s) keeps the expected times readable.
 */
const catalog = paceCatalog(0.8, 20);
const HEADERS = { 'x-api-key': 'sk-gw-test', 'content-type': 'application/json' };
const body = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ model: MODEL, max_tokens: 40, messages: [{ role: 'user', content: 'Tell me about rivers.' }], ...extra });

/** Whether `promise` has settled after the microtasks and immediates queued so far. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

describe('POST /messages with realistic timing', () => {
  test('a stream sends message_start at once, the first text delta at the time to first token, the end at the throughput', async () => {
    const clock = virtualClock();
    const gateway = createGateway({ clock, catalog, timing: 'realistic' });
    const res = await gateway.fetch('/messages', { method: 'POST', headers: HEADERS, body: body({ stream: true }) });
    expect(res.status).toBe(200);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const seen: Array<{ at: number; text: string }> = [];
    const start = clock.now();
    for (let step = 0; step < 400; step++) {
      const next = reader.read();
      while (!(await isSettled(next))) await clock.advance(50);
      const { done, value } = await next;
      if (done) break;
      seen.push({ at: clock.now() - start, text: value });
    }
    expect(
      seen
        .filter((c) => c.at === 0)
        .map((c) => c.text)
        .join(''),
    ).toMatch(/event: message_start[\s\S]*event: ping/);
    expect(seen.find((c) => c.text.includes('"text_delta"'))?.at).toBe(800);
    const last = seen.at(-1)!;
    expect(last.text).toContain('event: message_stop');
    const outputTokens = Number(/"type":"message_delta".*?"output_tokens":(\d+)/.exec(seen.map((c) => c.text).join(''))![1]);
    expect(last.at).toBeGreaterThanOrEqual(800 + (outputTokens * 1000) / 20 - 100);
    expect(last.at).toBeLessThanOrEqual(800 + (outputTokens * 1000) / 20 + 100);
  });

  test('a JSON answer waits for the whole generation on the clock', async () => {
    const clock = virtualClock();
    const gateway = createGateway({ clock, catalog, timing: 'realistic' });
    const start = clock.now();
    const answer = gateway.fetch('/messages', { method: 'POST', headers: HEADERS, body: body() });
    expect(await isSettled(answer)).toBe(false);
    for (let step = 0; step < 100 && !(await isSettled(answer)); step++) await clock.advance(100);
    const message = (await (await answer).json()) as { usage: { output_tokens: number } };
    const waited = clock.now() - start;
    expect(waited).toBeGreaterThanOrEqual(800 + (message.usage.output_tokens * 1000) / 20);
    expect(waited).toBeLessThanOrEqual(800 + (message.usage.output_tokens * 1000) / 20 + 100);
  });
});
