import { describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { createGateway, type Gateway } from '../src/gateway/create-gateway.ts';

/**
 * Hostile input to the activity and analytics operations: every bad query or body is a 400 in the
 * spec 7 envelope naming the field, prototype names are plain strings, and the work stays bounded.
 */
const NOW = Date.UTC(2026, 10, 28, 12);
const MANAGEMENT = { authorization: 'Bearer sk-gw-management', 'content-type': 'application/json' };

async function activity(gw: Gateway, query: string) {
  const response = await gw.fetch(`/activity${query}`, { headers: MANAGEMENT });
  return { status: response.status, body: (await response.json()) as any };
}

async function query(gw: Gateway, body: unknown) {
  const response = await gw.fetch('/analytics/query', { method: 'POST', headers: MANAGEMENT, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
}

async function withOneAnswer(): Promise<Gateway> {
  const gw = createGateway({ clock: virtualClock(NOW) });
  const answer = await gw.fetch('/chat/completions', {
    method: 'POST',
    headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], max_tokens: 8 }),
  });
  expect(answer.status).toBe(200);
  await answer.arrayBuffer();
  return gw;
}

describe('GET /activity refuses bad parameters with a 400 naming them', () => {
  it.each([
    ['?date=2026-13-01', /^date: /],
    ['?date=yesterday', /^date: /],
    ['?date=2026-10-01', /^date: .*last 30 completed UTC days.*2026-10-29 to 2026-11-27/],
    ['?date=2026-11-28', /^date: /],
    ['?group_by=model', /^group_by: /],
    ['?date=2026-11-27&date=2026-11-26', /^date: given more than once/],
    [`?api_key_hash=${'a'.repeat(300)}`, /^api_key_hash: at most 256 characters/],
  ])('%s', async (q, message) => {
    const gw = createGateway({ clock: virtualClock(NOW) });
    const { status, body } = await activity(gw, q);
    expect(status).toBe(400);
    expect(body.error.code).toBe(400);
    expect(body.error.message).toMatch(message);
  });

  it('prototype names are plain values: no match, no crash; an unknown workspace is a 404', async () => {
    const gw = await withOneAnswer();
    for (const q of ['?api_key_hash=__proto__', '?user_id=constructor', '?api_key_hash=toString']) {
      expect(await activity(gw, q)).toEqual({ status: 200, body: { data: [] } });
    }
    const unknown = await activity(gw, '?workspace_id=__proto__');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe(404);
  });

  it('answers 401 without a key and 403 with an ordinary one', async () => {
    const gw = createGateway({ clock: virtualClock(NOW) });
    expect((await gw.fetch('/activity')).status).toBe(401);
    expect((await gw.fetch('/activity', { headers: { authorization: 'Bearer sk-gw-test' } })).status).toBe(403);
    expect((await gw.fetch('/analytics/meta', { headers: { authorization: 'Bearer sk-gw-test' } })).status).toBe(403);
    expect((await gw.fetch('/analytics/query', { method: 'POST', headers: { authorization: 'Bearer sk-gw-test' }, body: '{}' })).status).toBe(403);
  });
});

describe('POST /analytics/query refuses bad bodies with a 400 naming the field', () => {
  it.each<[string, unknown, RegExp]>([
    ['no metrics', {}, /^metrics: /],
    ['empty metrics', { metrics: [] }, /^metrics: /],
    ['unknown metric', { metrics: ['request_count', 'tokens_per_dollar'] }, /^metrics\[1\]: must be a metric of GET \/analytics\/meta/],
    ['__proto__ metric', { metrics: ['__proto__'] }, /^metrics\[0\]: /],
    ['__proto__ dimension', { metrics: ['cost'], dimensions: ['__proto__'] }, /^dimensions\[0\]: must be a dimension/],
    ['three dimensions', { metrics: ['cost'], dimensions: ['model', 'provider', 'user'] }, /^dimensions: at most 2/],
    ['huge limit', { metrics: ['cost'], limit: 1e12 }, /^limit: must be <= 10000/],
    ['fractional limit', { metrics: ['cost'], limit: 1.5 }, /^limit: /],
    ['zero limit', { metrics: ['cost'], limit: 0 }, /^limit: /],
    ['minute granularity', { metrics: ['cost'], granularity: 'minute' }, /^granularity: /],
    ['bad start', { metrics: ['cost'], time_range: { start: '2026-02-30', end: '2026-03-01T00:00:00Z' } }, /^time_range\.start: /],
    ['end before start', { metrics: ['cost'], time_range: { start: '2026-03-02T00:00:00Z', end: '2026-03-01T00:00:00Z' } }, /^time_range\.end: /],
    ['filter on __proto__', { metrics: ['cost'], filters: [{ field: '__proto__', operator: 'eq', value: 'x' }] }, /^filters\[0\]\.field: /],
    ['gt operator', { metrics: ['cost'], filters: [{ field: 'model', operator: 'gt', value: 'a' }] }, /^filters\[0\]\.operator: /],
    ['array for eq', { metrics: ['cost'], filters: [{ field: 'model', operator: 'eq', value: ['a'] }] }, /^filters\[0\]\.value: /],
    ['scalar for in', { metrics: ['cost'], filters: [{ field: 'model', operator: 'in', value: 'a' }] }, /^filters\[0\]\.value: /],
    ['order by constructor', { metrics: ['cost'], order_by: { field: 'constructor', direction: 'asc' } }, /^order_by\.field: /],
    ['order by date without granularity', { metrics: ['cost'], order_by: { field: 'date', direction: 'asc' } }, /^order_by\.field: /],
    ['classifier', { metrics: ['cost'], classifier_dimensions: { classifier_id: '550e8400-e29b-41d4-a716-446655440000' } }, /^classifier_dimensions: /],
  ])('%s', async (_name, body, message) => {
    const gw = createGateway({ clock: virtualClock(NOW) });
    const { status, body: answer } = await query(gw, body);
    expect(status).toBe(400);
    expect(answer.error.code).toBe(400);
    expect(answer.error.message).toMatch(message);
  });

  it('prototype names as filter values match nothing; non-hash key ids are warned about', async () => {
    const gw = await withOneAnswer();
    const proto = await query(gw, {
      metrics: ['request_count'],
      dimensions: ['model'],
      filters: [
        { field: 'model', operator: 'in', value: ['__proto__', 'constructor'] },
        { field: 'api_key_id', operator: 'neq', value: '__proto__' },
      ],
    });
    expect(proto.status).toBe(200);
    expect(proto.body.data.data).toEqual([]);
    expect(proto.body.data.warnings).toEqual([expect.stringMatching(/^api_key_id "__proto__" is not a key hash/)]);
    const all = await query(gw, { metrics: ['request_count'], dimensions: ['model'], filters: [{ field: 'model', operator: 'not_in', value: ['__proto__'] }] });
    expect(all.body.data.data).toEqual([{ model: 'openai/gpt-4o-mini', request_count: 1 }]);
  });
});
