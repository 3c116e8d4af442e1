import { describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway } from '../../src/gateway/create-gateway.ts';

/**
 * "Never a hang": a legal 1 MB input without whitespace (a pasted base64 blob, a minified line)
 * must be answered like any other. Byte-pair encoding of one long pre-token is quadratic (10k
 * chars took 38 ms, 40k 555 ms, 1 MB minutes); the tokenizer now cuts such runs into bounded
 * pieces first (src/generation/tokenizer.ts, boundedPieces). The 30 s bound only catches a hang.
 */
describe('limits: long whitespace-free input', () => {
  it('a 1 MB input without whitespace is answered, not hung on', async () => {
    const gateway = createGateway({ baseUrl: 'http://gw.test/api/v1', clock: virtualClock() });
    const res = await gateway.handle(
      new Request('http://gw.test/api/v1/responses', {
        method: 'POST',
        headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'openai/gpt-5-mini', input: 'x'.repeat(1_000_000) }),
      }),
    );
    expect(res.status).toBe(200);
    await res.text();
  }, 30_000);

  // F10: 6,000,000 non-whitespace characters (inside the 10 MiB limit) were a 500 "Maximum call
  // stack size exceeded" (a regular expression over the run). Now an answer in the envelope.
  it('6,000,000 non-whitespace characters get an answer in the envelope, not a 500', async () => {
    const bugs: unknown[] = [];
    const gateway = createGateway({ baseUrl: 'http://gw.test/api/v1', clock: virtualClock(), onError: (e) => bugs.push(e) });
    const res = await gateway.fetch('/responses', {
      method: 'POST',
      headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-5-mini', input: 'x'.repeat(6_000_000) }),
    });
    expect(bugs).toEqual([]);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/maximum context length/);
  }, 30_000);
});
