import { describe, expect, test } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { createGateway, type GatewayOptions } from '../src/gateway/create-gateway.ts';
import { startServer } from '../src/adapter/node/create-server.ts';
import { planTiming } from '../src/timing/timing-plan.ts';
import { body, catalog, HEADERS, MODEL } from './support/pace-model.ts';

/**
 * Realistic timing: the routed endpoint's time to first token, then its throughput, on the
 * gateway clock. One model with one endpoint (0.8 s to first token, 20 tokens/s) keeps the
 * expected times readable.
 */

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

/** Wait (bounded) until the gateway has set a timer on its clock: the request reached its wait. */
async function untilWaiting(clock: { pendingTimers(): number }): Promise<void> {
  // Bounded in time: the first request of a file also loads the tokenizer (real I/O).
  const until = Date.now() + 10_000;
  while (clock.pendingTimers() === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 2));
  expect(clock.pendingTimers()).toBeGreaterThan(0);
}

function gatewayWith(options: GatewayOptions & { latency?: number; throughput?: number } = {}) {
  const { latency = 0.8, throughput = 20, ...rest } = options;
  const clock = virtualClock();
  return { clock, gateway: createGateway({ clock, catalog: catalog(latency, throughput), ...rest }) };
}

describe('planTiming (pure)', () => {
  test('framing at once, first token at the latency, each later piece after the tokens before it', () => {
    expect(
      planTiming({ latencySeconds: 0.5, tokensPerSecond: 10, pieceTokens: [0, 0, 2, 3, 0, 0], firstTokenTimeoutMs: 1e5, generationTimeoutMs: 3e5 }),
    ).toEqual({
      kind: 'answer',
      firstTokenMs: 500,
      totalMs: 1000,
      pieceOffsetsMs: [0, 0, 500, 700, 1000, 1000],
    });
  });
  test('524 when the first token would come after its limit; 408 when the generation would outlast its limit', () => {
    expect(planTiming({ latencySeconds: 5, tokensPerSecond: 10, pieceTokens: [1], firstTokenTimeoutMs: 4000, generationTimeoutMs: 3e5 })).toMatchObject({
      kind: 'timeout',
      status: 524,
      atMs: 4000,
    });
    expect(planTiming({ latencySeconds: 1, tokensPerSecond: 10, pieceTokens: [100], firstTokenTimeoutMs: 4000, generationTimeoutMs: 5000 })).toMatchObject({
      kind: 'timeout',
      status: 408,
      atMs: 5000,
    });
  });
});

describe('timing: realistic on the virtual clock', () => {
  test('a JSON answer waits time to first token + output tokens / throughput, and moves only with advance', async () => {
    const { clock, gateway } = gatewayWith({ timing: 'realistic' });
    const pending = gateway.fetch('/responses', { method: 'POST', headers: HEADERS, body: body() });
    await untilWaiting(clock);
    expect(await isSettled(pending)).toBe(false);
    // The same request answered instantly tells how many output tokens the realistic one carries.
    const instant = (await (
      await gateway.fetch('/responses', { method: 'POST', headers: { ...HEADERS, 'x-gatewaykit-timing': 'instant' }, body: body() })
    ).json()) as { usage: { output_tokens: number } };
    const expectedMs = 800 + Math.round((instant.usage.output_tokens * 1000) / 20);
    await clock.advance(expectedMs - 1);
    expect(await isSettled(pending)).toBe(false);
    await clock.advance(1);
    const res = await pending;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { usage: { output_tokens: number } }).usage.output_tokens).toBe(instant.usage.output_tokens);
  });

  test('a stream sends its framing at once, the first delta at the time to first token, the rest at the throughput', async () => {
    const { clock, gateway } = gatewayWith({ timing: 'realistic' });
    const res = await gateway.fetch('/responses', { method: 'POST', headers: HEADERS, body: body({ stream: true }) });
    expect(res.status).toBe(200);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const seen: Array<{ at: number; text: string }> = [];
    const start = clock.now();
    // Read everything while moving the clock in 50 ms steps (bounded).
    for (let step = 0; step < 400; step++) {
      const next = reader.read();
      while (!(await isSettled(next))) await clock.advance(50);
      const { done, value } = await next;
      if (done) break;
      seen.push({ at: clock.now() - start, text: value });
    }
    const firstDelta = seen.find((c) => c.text.includes('response.output_text.delta'))!;
    expect(
      seen
        .filter((c) => c.at === 0)
        .map((c) => c.text)
        .join(''),
    ).toMatch(/response\.created[\s\S]*response\.in_progress/);
    expect(firstDelta.at).toBe(800);
    const last = seen.at(-1)!;
    expect(last.text).toContain('[DONE]');
    const completed = seen
      .map((c) => c.text)
      .join('')
      .match(/"output_tokens":(\d+)/);
    const outputTokens = Number(completed![1]);
    // Deltas carry the output tokens; the end comes once they are all out, within one 50 ms step.
    expect(last.at).toBeGreaterThanOrEqual(800 + (outputTokens * 1000) / 20 - 100);
    expect(last.at).toBeLessThanOrEqual(800 + (outputTokens * 1000) / 20 + 100);
    const times = seen.map((c) => c.at);
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // The journal holds the paced stream's events as sent, with their offsets on the clock.
    const page = (await (await gateway.fetch('/__gatewaykit/requests')).json()) as {
      data: Array<{ response: { events?: Array<{ offset_ms: number; data: string }> } }>;
    };
    const events = page.data.at(-1)?.response.events ?? [];
    expect(events.map((e) => e.data).join('')).toBe(seen.map((c) => c.text).join(''));
    expect(events.find((e) => e.data.includes('response.output_text.delta'))?.offset_ms).toBe(800);
    expect(events.at(-1)?.offset_ms).toBe(last.at);
  });

  test('a chat stream is paced the same way: role chunk at once, first content at the time to first token, the end at the throughput; the journal keeps it', async () => {
    const { clock, gateway } = gatewayWith({ timing: 'realistic' });
    const chat = JSON.stringify({
      model: MODEL,
      messages: [{ role: 'user', content: 'Tell me about rivers.' }],
      max_tokens: 40,
      stream: true,
      stream_options: { include_usage: true },
    });
    const res = await gateway.fetch('/chat/completions', { method: 'POST', headers: HEADERS, body: chat });
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
    ).toContain('"delta":{"role":"assistant","content":""}');
    expect(seen.find((c) => c.text.includes('"delta":{"content":'))!.at).toBe(800);
    const last = seen.at(-1)!;
    expect(last.text).toContain('[DONE]');
    const completionTokens = Number(
      seen
        .map((c) => c.text)
        .join('')
        .match(/"completion_tokens":(\d+)/)![1],
    );
    expect(last.at).toBeGreaterThanOrEqual(800 + (completionTokens * 1000) / 20 - 100);
    expect(last.at).toBeLessThanOrEqual(800 + (completionTokens * 1000) / 20 + 100);
    const page = (await (await gateway.fetch('/__gatewaykit/requests')).json()) as {
      data: Array<{ operation: string; response: { events?: Array<{ offset_ms: number; data: string }> } }>;
    };
    const entry = page.data.at(-1)!;
    expect(entry.operation).toBe('chat.completions.create');
    expect(entry.response.events!.map((e) => e.data).join('')).toBe(seen.map((c) => c.text).join(''));
    expect(entry.response.events!.find((e) => e.data.includes('"delta":{"content":'))?.offset_ms).toBe(800);
  });

  test('X-Gatewaykit-Timing switches one request; the default is instant', async () => {
    // Instant answers come without the clock moving; a realistic one waits on a clock timer.
    const { clock, gateway } = gatewayWith();
    expect((await gateway.fetch('/responses', { method: 'POST', headers: HEADERS, body: body() })).status).toBe(200);
    const realisticOne = gateway.fetch('/responses', { method: 'POST', headers: { ...HEADERS, 'x-gatewaykit-timing': 'realistic' }, body: body() });
    await untilWaiting(clock);
    expect(await isSettled(realisticOne)).toBe(false);
    await clock.advance(60_000);
    expect((await realisticOne).status).toBe(200);
    const realistic = gatewayWith({ timing: 'realistic' });
    expect(
      (await realistic.gateway.fetch('/responses', { method: 'POST', headers: { ...HEADERS, 'x-gatewaykit-timing': 'instant' }, body: body() })).status,
    ).toBe(200);
    expect(realistic.clock.pendingTimers()).toBe(0);
    const bad = await gateway.fetch('/responses', { method: 'POST', headers: { ...HEADERS, 'x-gatewaykit-timing': 'slow' }, body: body() });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/X-Gatewaykit-Timing: "slow"/);
  });

  test('an endpoint slower to first token than the limit answers 524 at the limit; a too-long generation 408', async () => {
    const slow = gatewayWith({ latency: 30, timing: { mode: 'realistic', firstTokenTimeoutMs: 10_000 } });
    const pending = slow.gateway.fetch('/responses', { method: 'POST', headers: HEADERS, body: body() });
    await untilWaiting(slow.clock);
    await slow.clock.advance(9_999);
    expect(await isSettled(pending)).toBe(false);
    await slow.clock.advance(1);
    const res = await pending;
    expect(res.status).toBe(524);
    const error = ((await res.json()) as { error: { code: number; message: string; metadata: { provider_name: string } } }).error;
    expect(error.code).toBe(524);
    expect(error.metadata.provider_name).toBe('acme-cloud');

    const long = gatewayWith({ throughput: 1, timing: { mode: 'realistic', generationTimeoutMs: 5_000 } });
    const streamed = long.gateway.fetch('/responses', { method: 'POST', headers: HEADERS, body: body({ stream: true }) });
    await untilWaiting(long.clock);
    await long.clock.advance(4_999);
    expect(await isSettled(streamed)).toBe(false);
    await long.clock.advance(1);
    expect((await streamed).status).toBe(408);
  });

  test('bad timing options are refused with the path', () => {
    expect(() => createGateway({ timing: 'slow' as 'instant' })).toThrow(/createGateway\(\{ timing \}\)/);
    expect(() => createGateway({ timing: { mode: 'realistic', firstTokenTimeoutMs: -1 } })).toThrow(/firstTokenTimeoutMs/);
  });
});

describe('timing: realistic on the system clock, over a port', () => {
  test('a streamed answer over HTTP shows the time to first token in real time', async () => {
    const running = await startServer({ port: 0, catalog: catalog(0.3, 400), timing: 'realistic' });
    try {
      const started = performance.now();
      const res = await fetch(`${running.baseUrl}/responses`, { method: 'POST', headers: HEADERS, body: body({ stream: true }) });
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let firstDeltaMs: number | undefined;
      let text = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += value;
        if (firstDeltaMs === undefined && text.includes('output_text.delta')) firstDeltaMs = performance.now() - started;
      }
      expect(text).toContain('[DONE]');
      expect(firstDeltaMs!).toBeGreaterThanOrEqual(290);
      expect(firstDeltaMs!).toBeLessThan(3_000);
    } finally {
      await running.close();
    }
  });
});
