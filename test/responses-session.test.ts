import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as routing from '../src/routing/resolve-route.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';

// Observe what the handler passes to the router: the session id is the sticky-routing key.
vi.mock('../src/routing/resolve-route.ts', async (importOriginal) => {
  const original = await importOriginal<typeof routing>();
  return { ...original, resolveRoute: vi.fn(original.resolveRoute) };
});

describe.each(TARGET_KINDS)('session id (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind);
  });
  afterAll(() => target.close());

  const sessionSeen = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const spy = vi.mocked(routing.resolveRoute);
    spy.mockClear();
    const res = await target.fetch('/responses', {
      method: 'POST',
      headers: jsonHeaders('sk-gw-test', headers),
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'Hi', ...body }),
    });
    expect(res.status).toBe(200);
    expect(spy).toHaveBeenCalledTimes(1);
    return spy.mock.calls[0]?.[0].sessionId;
  };

  it('spec 2.1: the body session_id wins over the x-session-id header; the header is used alone', async () => {
    expect(await sessionSeen({ session_id: 'from-body' }, { 'x-session-id': 'from-header' })).toBe('from-body');
    expect(await sessionSeen({}, { 'X-Session-Id': 'from-header' })).toBe('from-header');
    expect(await sessionSeen({})).toBeUndefined();
  });
});
