import { describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway } from '../../src/gateway.ts';

/**
 * "Never a hang": a legal 1 MB input without whitespace (a pasted base64 blob, a minified line)
 * must be answered like any other. The 30 s bound only catches a hang; the answer takes
 * milliseconds once token counting is linear.
 *
 * KNOWN ISSUE (owner: src/generation/tokenizer.ts): byte-pair encoding of one long pre-token is
 * quadratic (measured: 10k chars 38 ms, 20k 122 ms, 40k 555 ms; 1 MB would take minutes), so one
 * such request pins a CPU core. Unskip once long runs are cut into bounded pieces before encoding.
 */
describe('limits: long whitespace-free input', () => {
  it.skip('a 1 MB input without whitespace is answered, not hung on (known issue: quadratic tokenizer)', async () => {
    const gateway = createGateway({ baseUrl: 'http://gw.test/api/v1', clock: virtualClock() });
    const res = await gateway.handle(
      new Request('http://gw.test/api/v1/responses', {
        method: 'POST',
        headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'openai/gpt-5-mini', input: 'x'.repeat(1_000_000) }),
      }),
    );
    expect([200, 400, 413, 422]).toContain(res.status);
    await res.text();
  }, 30_000);
});
