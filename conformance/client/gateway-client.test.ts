import { describe, expect, it } from 'vitest';
import { createGatewayClient, type FetchLike } from './gateway-client.ts';
import { isPaidProbe } from './probe.ts';
import { BudgetExhaustedError, createRequestBudget } from './request-budget.ts';
import { TransportError, VideosDisabledError } from './transport-error.ts';

const BASE = 'http://127.0.0.1:9/api/v1';

function counting(answer: (n: number) => Response | Error) {
  const calls: string[] = [];
  const fetch: FetchLike = async (input, init) => {
    calls.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
    const a = answer(calls.length);
    if (a instanceof Error) throw a;
    return a;
  };
  return { calls, fetch };
}

describe('the gateway client', () => {
  it('takes a unit of the budget before every request to a paid operation, whatever the answer', async () => {
    const { calls, fetch } = counting(() => Response.json({ error: { code: 400, message: 'no' } }, { status: 400 }));
    const budget = createRequestBudget(2);
    const client = createGatewayClient({ baseUrl: BASE, apiKey: 'k', fetch, budget });
    await client.send({ method: 'POST', path: '/responses', body: { store: true } });
    await client.send({ method: 'POST', path: '/audio/transcriptions', auth: 'none', body: {} });
    await expect(client.send({ method: 'POST', path: '/responses', auth: { header: 'Bearer wrong' }, body: {} })).rejects.toBeInstanceOf(BudgetExhaustedError);
    await client.send({ method: 'GET', path: '/models' });
    expect(calls).toEqual(['POST /api/v1/responses', 'POST /api/v1/audio/transcriptions', 'GET /api/v1/models']);
    expect(budget.used()).toBe(2);
    expect(client.paidCount()).toBe(2);
  });

  it('a check share draws on the run budget and never beyond it', () => {
    const run = createRequestBudget(3);
    const share = run.scope(2);
    expect([share.take(), share.take(), share.take()]).toEqual([true, true, false]);
    const next = run.scope(5);
    expect([next.take(), next.take()]).toEqual([true, false]);
    expect(run.used()).toBe(3);
  });

  it('refuses /videos unless allowed, before anything is sent', async () => {
    const { calls, fetch } = counting(() => new Response('{}'));
    const client = createGatewayClient({ baseUrl: BASE, apiKey: 'k', fetch, budget: createRequestBudget(10) });
    await expect(client.send({ method: 'GET', path: '/videos/models' })).rejects.toBeInstanceOf(VideosDisabledError);
    await expect(client.send({ method: 'POST', path: '/videos', body: {} })).rejects.toBeInstanceOf(VideosDisabledError);
    expect(calls).toEqual([]);
    expect(isPaidProbe({ method: 'POST', path: '/videos' })).toBe(true);
    expect(isPaidProbe({ method: 'GET', path: '/videos/gen-vid-1-x' })).toBe(false);
  });

  it('the chat, Messages and embeddings operations are paid; the account reads are not', () => {
    for (const path of ['/chat/completions', '/messages', '/embeddings', '/embeddings/']) expect(isPaidProbe({ method: 'POST', path }), path).toBe(true);
    for (const path of ['/key', '/credits', '/generation?id=gen-1', '/embeddings/models']) expect(isPaidProbe({ method: 'GET', path }), path).toBe(false);
  });

  it('retries an idempotent GET once after a transport failure, never a POST', async () => {
    const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:9' } });
    const flaky = counting((n) => (n === 1 ? refused : new Response('{"data":[]}', { headers: { 'content-type': 'application/json' } })));
    const client = createGatewayClient({ baseUrl: BASE, apiKey: 'k', fetch: flaky.fetch, budget: createRequestBudget(10) });
    expect((await client.send({ method: 'GET', path: '/models' })).status).toBe(200);
    expect(client.retryCount()).toBe(1);
    const down = counting(() => refused);
    const post = createGatewayClient({ baseUrl: BASE, apiKey: 'k', fetch: down.fetch, budget: createRequestBudget(10) });
    const error = await post.send({ method: 'POST', path: '/responses', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).causeText).toBe('connection refused (connect ECONNREFUSED 127.0.0.1:9)');
    expect(down.calls).toHaveLength(1);
  });

  it('sends the run headers on every request, a probe header wins, and auth "none" sends no Authorization', async () => {
    const seen: Headers[] = [];
    const fetch: FetchLike = async (_input, init) => {
      seen.push(new Headers(init?.headers));
      return new Response('{}');
    };
    const client = createGatewayClient({
      baseUrl: BASE,
      apiKey: 'k',
      fetch,
      budget: createRequestBudget(10),
      headers: { 'X-Team': 'a', Authorization: 'Bearer from-header' },
    });
    await client.send({ method: 'GET', path: '/models', headers: { 'x-team': 'b' } });
    await client.send({ method: 'GET', path: '/models', auth: 'none' });
    expect(seen[0]!.get('x-team')).toBe('b');
    expect(seen[0]!.get('authorization')).toBe('Bearer k');
    expect(seen[1]!.get('x-team')).toBe('a');
    expect(seen[1]!.has('authorization')).toBe(false);
  });
});
