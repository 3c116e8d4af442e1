import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { ErrorBodySchema } from '../src/schemas/error-body.ts';
import type { JournalEntry, JournalPage } from '../src/state/journal.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';

/**
 * One server, many tests (issue 41 item 6): each `X-Test-Id` is a scope with its own journal,
 * scripts, faults, sessions and credits; a request without it sees the default scope as before.
 */
describe.each(TARGET_KINDS)('X-Test-Id scopes on one shared server (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), seed: 3, catalog: 'small' });
  });
  afterAll(() => target.close());

  /** What one test of a parallel run does, through the real network path, with its own id. */
  const as = (scope: string | undefined) => {
    const scoped = (headers: Record<string, string> = {}) => (scope === undefined ? headers : { ...headers, 'x-test-id': scope });
    const control = async (method: string, path: string, body?: unknown) => {
      const res = await target.fetch(`/__gatewaykit${path}`, {
        method,
        headers: scoped({ 'content-type': 'application/json' }),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const ask = async (input: string) => {
      const res = await target.fetch('/responses', {
        method: 'POST',
        headers: scoped(jsonHeaders('sk-gw-test', { 'x-gateway-metadata': 'enabled' })),
        body: JSON.stringify({ model: 'openai/gpt-5-mini', input, provider: { order: ['openai', 'azure'] } }),
      });
      const body = (await res.json()) as { output?: unknown; gateway_metadata?: { attempts: Array<{ provider: string; status: number }> } };
      return { status: res.status, text: JSON.stringify(body.output), attempts: body.gateway_metadata?.attempts.map((a) => `${a.provider}:${a.status}`) };
    };
    const journal = async () => (await control('GET', '/requests')).body as unknown as JournalPage;
    return { control, ask, journal };
  };

  it('two concurrent tests script, fault, spend and read the journal, each seeing only its own; the default scope is untouched', async () => {
    const before = await as(undefined).control('GET', '/credits');
    const run = async (scope: string, reply: string, fault: boolean, credits: number) => {
      const t = as(scope);
      expect((await t.control('POST', '/scripts', { match: { input: 'weather' }, reply: { type: 'text', text: reply } })).status).toBe(201);
      if (fault) expect((await t.control('POST', '/providers/openai/faults', { status: 503 })).status).toBe(200);
      expect((await t.control('POST', '/credits', { total_credits: credits })).status).toBe(200);
      const answers = [await t.ask('weather today?'), await t.ask('something else')];
      return {
        answers,
        credits: (await t.control('GET', '/credits')).body,
        journal: await t.journal(),
        scripts: (await t.control('GET', '/scripts')).body,
        faults: (await t.control('GET', '/providers/faults')).body.data as Record<string, unknown>,
      };
    };
    const [a, b] = await Promise.all([run('suite-a', 'Sunny in A.', true, 5), run('suite-b', 'Rainy in B.', false, 7)]);

    // Scripted replies: each scope's own.
    expect(a.answers[0]!.text).toContain('Sunny in A.');
    expect(a.answers[0]!.text).not.toContain('Rainy');
    expect(b.answers[0]!.text).toContain('Rainy in B.');
    // Faults: only A's first provider fails.
    expect(a.answers[1]!.attempts).toEqual(['OpenAI:503', 'Azure:200']);
    expect(b.answers[1]!.attempts).toEqual(['OpenAI:200']);
    expect(Object.keys(a.faults)).toEqual(['openai']);
    expect(b.faults).toEqual({});
    // Credits: each scope has its own account; both spent a little of their own.
    expect(a.credits.total_credits).toBe(5);
    expect(b.credits.total_credits).toBe(7);
    expect(a.credits.total_usage as number).toBeGreaterThan(0);
    expect(b.credits.total_usage as number).toBeGreaterThan(0);
    // The journal: each scope holds its own two requests, marked with the scope.
    for (const [page, scope, reply] of [
      [a.journal, 'suite-a', 'weather today?'],
      [b.journal, 'suite-b', 'weather today?'],
    ] as const) {
      expect(page.total).toBe(2);
      expect(page.data.map((e: JournalEntry) => e.scope)).toEqual([scope, scope]);
      expect(page.data.map((e: JournalEntry) => (e.body as { input: string }).input)).toEqual([reply, 'something else']);
    }
    expect((a.scripts.data as unknown[]).length).toBe(1);

    // The default scope saw none of it.
    const root = as(undefined);
    expect((await root.journal()).total).toBe(0);
    expect((await root.control('GET', '/scripts')).body.data).toEqual([]);
    expect((await root.control('GET', '/providers/faults')).body.data).toEqual({});
    expect((await root.control('GET', '/credits')).body).toEqual(before.body);
    expect((await root.ask('weather today?')).attempts).toEqual(['OpenAI:200']);
    expect((await root.ask('weather today?')).text).not.toMatch(/Sunny|Rainy/);
  });

  it('a scope reset clears that scope only', async () => {
    const [c, d, root] = [as('reset-c'), as('reset-d'), as(undefined)];
    // A reset without the header is the whole server's: every scope goes with it.
    await as('gone').ask('before');
    expect((await root.control('POST', '/reset')).status).toBe(200);
    expect(target.gateway.scopeIds()).toEqual([]);
    await Promise.all([c.ask('one'), d.ask('two'), root.ask('three')]);
    expect((await c.control('POST', '/reset')).status).toBe(200);
    expect((await c.journal()).total).toBe(0);
    expect((await d.journal()).data.map((e) => e.scope)).toEqual(['reset-d']);
    expect((await root.journal()).data.map((e) => e.scope)).toEqual([undefined]);
  });

  it('the same requests in a scope answer the same bytes as in a fresh default scope (determinism per scope)', async () => {
    const body = JSON.stringify({ model: 'openai/gpt-5-mini', input: 'Deterministic?' });
    // A second gateway of its own, called in-process (a second msw server would answer the same URLs).
    const fresh = createGateway({ clock: virtualClock(), seed: 3, catalog: 'small' });
    const alone = await (await fresh.fetch('/responses', { method: 'POST', headers: jsonHeaders(), body })).text();
    const scoped = await (
      await target.fetch('/responses', { method: 'POST', headers: jsonHeaders('sk-gw-test', { 'x-test-id': 'determinism' }), body })
    ).text();
    expect(scoped).toBe(alone);
  });
});

describe.each(TARGET_KINDS)('X-Test-Id: hostile values and many scopes (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), catalog: 'small', maxScopes: 8 });
  });
  afterAll(() => target.close());

  it.each([
    ['too long', 'x'.repeat(129), 'at most 128'],
    ['huge', 'y'.repeat(8000), 'at most 128'],
    ['a space inside', 'my test', 'character outside'],
    ['a quote', 'a"b', 'character outside'],
    ['a leading dash', '-x', 'character outside'],
    ['percent-encoded junk', '%00%0d%0a', 'character outside'],
  ])('%s gets a 400 in the spec 7 envelope, on the API and the control API', async (_name, value, says) => {
    for (const path of ['/models', '/__gatewaykit/requests']) {
      const res = await target.fetch(path, { headers: jsonHeaders('sk-gw-test', { 'x-test-id': value }) });
      expect(res.status).toBe(400);
      const body = ErrorBodySchema.parse(await res.json());
      expect(body.error.code).toBe(400);
      expect(body.error.message).toContain('X-Test-Id');
      expect(body.error.message).toContain(says);
    }
    expect(target.gateway.scopeIds()).not.toContain(value);
  });

  it('many ids keep at most maxScopes scopes, the least recently used dropped first', async () => {
    for (let i = 0; i < 40; i++) {
      const res = await target.fetch('/models', { headers: jsonHeaders('sk-gw-test', { 'x-test-id': `many-${i}` }) });
      expect(res.status).toBe(200);
    }
    const ids = target.gateway.scopeIds();
    expect(ids).toEqual(Array.from({ length: 8 }, (_, i) => `many-${32 + i}`));
    // An evicted scope comes back empty on its next use.
    expect(target.gateway.scope('many-0').requests()).toEqual([]);
    expect(
      target.gateway
        .scope('many-39')
        .requests()
        .map((e) => e.path),
    ).toEqual(['/api/v1/models']);
  });
});
