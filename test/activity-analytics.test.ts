import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { createGateway, type Gateway } from '../src/gateway/create-gateway.ts';

/**
 * reference getUserActivity and queryAnalytics against what the gateway served: paid chat answers
 * of two keys over several gateway-clock days, their costs and tokens read back one by one from
 * `GET /generation`, must be what `/activity` and `/analytics/query` sum.
 */
const START = Date.UTC(2026, 10, 2, 10);
const DAY = 86_400_000;
const MANAGEMENT = { authorization: 'Bearer sk-gw-management', 'content-type': 'application/json' };

interface Generation {
  day: string;
  key: string;
  total_cost: number;
  tokens_prompt: number;
  tokens_completion: number;
  native_tokens_reasoning: number;
}

async function call(gw: Gateway, method: string, path: string, body?: unknown) {
  const response = await gw.fetch(path, { method, headers: MANAGEMENT, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: response.status, body: (await response.json()) as any };
}

/** One paid chat answer of `secret`, and its generation as `GET /generation` reports it. */
async function paidChat(gw: Gateway, secret: string, text: string): Promise<Generation> {
  const body = JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: text }], max_tokens: 24 });
  const answer = await gw.fetch('/chat/completions', {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body,
  });
  expect(answer.status).toBe(200);
  await answer.arrayBuffer();
  const id = answer.headers.get('x-generation-id');
  const data = (await call(gw, 'GET', `/generation?id=${id}`)).body.data;
  return { ...data, day: new Date(gw.clock.now()).toISOString().slice(0, 10), key: secret };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sum = (gens: readonly Generation[], f: (g: Generation) => number) => gens.reduce((n, g) => n + f(g), 0);

/** A gateway with a second key in a workspace of its own, and paid answers on two days (now the third). */
async function servedTwoDays() {
  const gw = createGateway({ clock: virtualClock(START) });
  const ws = (await call(gw, 'POST', '/workspaces', { name: 'Team', slug: 'team' })).body.data as { id: string };
  const created = (await call(gw, 'POST', '/keys', { name: 'team key', workspace_id: ws.id })).body as { key: string; data: { hash: string } };
  const gens: Generation[] = [];
  for (const text of ['one', 'two words', 'three small words']) gens.push(await paidChat(gw, 'sk-gw-test', text));
  for (const text of ['four', 'five and more']) gens.push(await paidChat(gw, created.key, text));
  await gw.control.advanceClock(DAY);
  gens.push(await paidChat(gw, 'sk-gw-test', 'the second day'));
  await gw.control.advanceClock(DAY);
  return { gw, ws, teamKey: created.key, teamHash: created.data.hash, gens };
}

describe('GET /activity sums what the gateway served (reference getUserActivity)', () => {
  it('per completed UTC day, model and endpoint: requests, usage and tokens equal the generations', async () => {
    const { gw, ws, teamHash, gens } = await servedTwoDays();
    const items = (await call(gw, 'GET', '/activity')).body.data as any[];
    expect(items.map((i) => i.date)).toEqual(['2026-11-02', '2026-11-03']);
    for (const item of items) {
      const day = gens.filter((g) => g.day === item.date);
      expect(item).toMatchObject({ model: 'openai/gpt-4o-mini', requests: day.length, byok_usage_inference: 0 });
      expect(item.usage).toBeCloseTo(
        sum(day, (g) => g.total_cost),
        12,
      );
      expect(item.prompt_tokens).toBe(sum(day, (g) => g.tokens_prompt));
      expect(item.completion_tokens).toBe(sum(day, (g) => g.tokens_completion));
      expect(item.reasoning_tokens).toBe(sum(day, (g) => g.native_tokens_reasoning));
      expect(item.workspace_id).toBeUndefined();
    }
    const team = (await call(gw, 'GET', `/activity?api_key_hash=${teamHash}`)).body.data as any[];
    expect(team).toHaveLength(1);
    expect(team[0].requests).toBe(2);
    expect(team[0].usage).toBeCloseTo(
      sum(gens.slice(3, 5), (g) => g.total_cost),
      12,
    );
    const test = (await call(gw, 'GET', `/activity?api_key_hash=${sha256('sk-gw-test')}`)).body.data as any[];
    expect(test.map((i) => i.requests)).toEqual([3, 1]);
    expect((await call(gw, 'GET', `/activity?workspace_id=${ws.id}`)).body.data.map((i: any) => i.requests)).toEqual([2]);
    expect((await call(gw, 'GET', '/activity?date=2026-11-03')).body.data.map((i: any) => i.requests)).toEqual([1]);
    const split = (await call(gw, 'GET', '/activity?group_by=workspace&date=2026-11-02')).body.data as any[];
    expect(split.map((i) => [i.workspace_id, i.requests]).sort()).toEqual(
      [
        [ws.id, 2],
        ['00000000-0000-4000-8000-000000000000', 3],
      ].sort(),
    );
    expect((await call(gw, 'GET', '/activity?user_id=user_nobody')).body.data).toEqual([]);
  });

  it('leaves out today, drops days past the 30 kept, and forgets everything on a control reset', async () => {
    const { gw } = await servedTwoDays();
    await paidChat(gw, 'sk-gw-test', 'today');
    expect((await call(gw, 'GET', '/activity')).body.data.map((i: any) => i.requests)).toEqual([5, 1]);
    await gw.control.advanceClock(29 * DAY);
    expect((await call(gw, 'GET', '/activity')).body.data.map((i: any) => i.date)).toEqual(['2026-11-03', '2026-11-04']);
    gw.control.reset();
    expect((await call(gw, 'GET', '/activity')).body.data).toEqual([]);
  });
});

describe('POST /analytics/query sums what the gateway served (reference queryAnalytics)', () => {
  it('by key and day, and in all: request_count, cost and tokens equal the generations', async () => {
    const { gw, teamHash, gens } = await servedTwoDays();
    const metrics = ['request_count', 'cost', 'prompt_tokens', 'completion_tokens', 'total_tokens'];
    const byKey = await call(gw, 'POST', '/analytics/query', { metrics, dimensions: ['api_key_id'], granularity: 'day' });
    expect(byKey.status).toBe(200);
    const rows = byKey.body.data.data as any[];
    expect(byKey.body.data.metadata).toMatchObject({ row_count: rows.length, truncated: false });
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const mine = gens.filter((g) => `${g.day}T00:00:00.000Z` === row.date__day && sha256(g.key) === row.api_key_id);
      expect(mine.length).toBeGreaterThan(0);
      expect(row.request_count).toBe(mine.length);
      expect(row.cost).toBeCloseTo(
        sum(mine, (g) => g.total_cost),
        12,
      );
      expect(row.prompt_tokens).toBe(sum(mine, (g) => g.tokens_prompt));
      expect(row.total_tokens).toBe(sum(mine, (g) => g.tokens_prompt + g.tokens_completion));
    }
    const all = (await call(gw, 'POST', '/analytics/query', { metrics })).body.data.data as any[];
    expect(all).toHaveLength(1);
    expect(all[0].request_count).toBe(gens.length);
    expect(all[0].cost).toBeCloseTo(
      sum(gens, (g) => g.total_cost),
      12,
    );
    const team = await call(gw, 'POST', '/analytics/query', {
      metrics: ['request_count'],
      filters: [{ field: 'api_key_id', operator: 'eq', value: teamHash }],
    });
    expect(team.body.data.data).toEqual([{ request_count: 2 }]);
    const others = await call(gw, 'POST', '/analytics/query', {
      metrics: ['request_count'],
      dimensions: ['workspace'],
      filters: [{ field: 'api_key_id', operator: 'not_in', value: [teamHash] }],
    });
    expect(others.body.data.data).toEqual([{ workspace: '00000000-0000-4000-8000-000000000000', request_count: 4 }]);
  });

  it('time_range takes whole UTC days, limit truncates, order_by orders, meta lists what is implemented', async () => {
    const { gw } = await servedTwoDays();
    const range = { start: '2026-11-03T05:00:00Z', end: '2026-11-04T00:00:00Z' };
    const second = await call(gw, 'POST', '/analytics/query', { metrics: ['request_count'], time_range: range });
    expect(second.body.data.data).toEqual([{ request_count: 1 }]);
    const limited = await call(gw, 'POST', '/analytics/query', {
      metrics: ['request_count'],
      granularity: 'day',
      limit: 1,
      order_by: { field: 'request_count', direction: 'desc' },
    });
    expect(limited.body.data.data).toEqual([{ date__day: '2026-11-02T00:00:00.000Z', request_count: 5 }]);
    expect(limited.body.data.metadata.truncated).toBe(true);
    const weeks = await call(gw, 'POST', '/analytics/query', { metrics: ['request_count'], granularity: 'week' });
    expect(weeks.body.data.data).toEqual([{ date__week: '2026-11-02T00:00:00.000Z', request_count: 6 }]);
    const meta = (await call(gw, 'GET', '/analytics/meta')).body.data;
    expect(meta.metrics.map((m: any) => m.name)).toContain('request_count');
    expect(meta.granularities.map((g: any) => g.name)).toEqual(['day', 'week', 'month']);
    expect(meta.operators.map((o: any) => o.name)).toEqual(['eq', 'neq', 'in', 'not_in']);
    for (const metric of meta.metrics) {
      expect((await call(gw, 'POST', '/analytics/query', { metrics: [metric.name] })).status).toBe(200);
    }
    for (const dimension of meta.dimensions) {
      expect((await call(gw, 'POST', '/analytics/query', { metrics: ['request_count'], dimensions: [dimension.name] })).status).toBe(200);
    }
  });
});
