import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';

/** Videos: seeded content (spec 2.7 Seed), unknown top-level fields, one session-id rule on every operation. */
describe.each(TARGET_KINDS)('video fidelity (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), seed: 9 });
  });
  afterAll(() => target.close());

  const submit = async (body: Record<string, unknown>) => {
    const res = await target.fetch('/videos', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ model: 'google/veo-3.1', duration: 4, ...body }),
    });
    expect(res.status, await res.clone().text()).toBe(202);
    return ((await res.json()) as { id: string }).id;
  };
  const contentOf = async (ids: string[]) => {
    await target.fetch('/__gatewaykit/clock/advance', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 3_600_000 }),
    });
    return Promise.all(
      ids.map(async (id) => {
        const res = await target.fetch(`/videos/${id}/content`, { headers: jsonHeaders() });
        expect(res.status).toBe(200);
        return Buffer.from(await res.arrayBuffer()).toString('base64');
      }),
    );
  };

  it('with a seed, the content derives from model, parameters and seed; without one each job is its own take', async () => {
    const ids = [
      await submit({ prompt: 'A kite over dunes', seed: 42 }),
      await submit({ prompt: 'A kite over dunes', seed: 42 }),
      await submit({ prompt: 'A kite over dunes', seed: 43 }),
      await submit({ prompt: 'A kite over the sea', seed: 42 }),
      await submit({ prompt: 'A kite over dunes' }),
      await submit({ prompt: 'A kite over dunes' }),
    ];
    expect(new Set(ids).size).toBe(ids.length); // every job still gets a fresh id
    const [a, same, otherSeed, otherPrompt, unseeded1, unseeded2] = await contentOf(ids);
    expect(same).toBe(a);
    expect(otherSeed).not.toBe(a);
    expect(otherPrompt).not.toBe(a);
    expect(unseeded1).not.toBe(unseeded2);
  });

  it('accepts unknown top-level fields, as the reference allows and /responses does', async () => {
    const id = await submit({ prompt: 'A kite', x_client_tag: 'nightly', experimental: { any: ['thing'] } });
    const job = await target.fetch(`/videos/${id}`, { headers: jsonHeaders() });
    expect(job.status).toBe(200);
  });

  describe('the session-id rule is the same on /responses and /videos', () => {
    const send = (path: string, header: string, body: Record<string, unknown> = {}) =>
      target.fetch(path, {
        method: 'POST',
        headers: jsonHeaders('sk-gw-test', { 'x-session-id': header }),
        body: JSON.stringify(path === '/videos' ? { model: 'google/veo-3.1', prompt: 'x', ...body } : { model: 'openai/gpt-4o-mini', input: 'x', ...body }),
      });
    it.each([['/responses'], ['/videos']])('%s: a 257-character x-session-id is a 400; 256 astral characters pass', async (path) => {
      const long = await send(path, 'h'.repeat(257));
      expect(long.status).toBe(400);
      expect(((await long.json()) as { error: { message: string } }).error.message).toBe('x-session-id: at most 256 characters (got 257; spec 8)');
      // Header values are Latin-1 byte strings: 'é' is one character (one code point), as in a body.
      expect((await send(path, 'é'.repeat(256))).status).toBeLessThan(300);
      expect((await send(path, 'é'.repeat(257))).status).toBe(400);
    });
    it.each([['/responses'], ['/videos']])('%s: a 257-character body session_id is a 400 naming the field', async (path) => {
      const res = await send(path, 'short', { session_id: 's'.repeat(257) });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/^session_id: at most 256 characters/);
    });
  });
});
