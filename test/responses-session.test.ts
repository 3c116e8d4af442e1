import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';

// spec 2.1: the session id is the sticky-routing key. It is observed from outside, as a caller
// sees it: the gateway metadata's summary says `sticky=true` once a session has a remembered
// provider, so the first request of a session id is never sticky and the second one is.
describe.each(TARGET_KINDS)('session id (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind);
  });
  afterAll(() => target.close());

  /** Whether the request was routed by a remembered session (`sticky=true` in the summary). */
  const sticky = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const res = await target.fetch('/responses', {
      method: 'POST',
      headers: jsonHeaders('sk-gw-test', { 'x-gateway-metadata': 'enabled', ...headers }),
      body: JSON.stringify({ model: 'meta-llama/llama-3.3-70b-instruct', input: 'Hi', ...body }),
    });
    expect(res.status).toBe(200);
    const json = (await res.json()) as { gateway_metadata: { summary: string } };
    return json.gateway_metadata.summary.includes('sticky=true');
  };

  it('spec 2.1: the body session_id wins over the x-session-id header; the header is used alone', async () => {
    // Both given: the body's id is remembered, the header's is not.
    expect(await sticky({ session_id: `${kind}-body` }, { 'x-session-id': `${kind}-header` })).toBe(false);
    expect(await sticky({ session_id: `${kind}-body` })).toBe(true);
    // So the header's id is new here, and from now on remembered (any header case).
    expect(await sticky({}, { 'X-Session-Id': `${kind}-header` })).toBe(false);
    expect(await sticky({}, { 'x-session-id': `${kind}-header` })).toBe(true);
    // No session id: nothing to remember.
    expect(await sticky({})).toBe(false);
    expect(await sticky({})).toBe(false);
  });
});
