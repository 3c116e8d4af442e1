import { describe, expect, test } from 'vitest';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.ts';
import { chat, untilRefused } from './until-refused.ts';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { referenceOperations, expectReferenceAnswer, referencePath } from './reference-operation.ts';

const START = Date.UTC(2026, 10, 26, 10);
const DAY = 86_400_000;
const MANAGEMENT = { authorization: 'Bearer sk-gw-management', 'content-type': 'application/json' };
const ORDINARY = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };

function gateway(options: Parameters<typeof createGateway>[0] = {}): Gateway {
  return createGateway({ clock: virtualClock(START), ...options });
}

async function call(gw: Gateway, method: string, path: string, body?: unknown, headers: Record<string, string> = MANAGEMENT) {
  const response = await gw.fetch(path, { method, headers, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as any) };
}

async function createKey(gw: Gateway, body: Record<string, unknown>) {
  const created = await call(gw, 'POST', '/keys', body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { key: string; data: { hash: string } & Record<string, unknown> };
}

const path = referencePath();
describe.runIf(path)('keys: every reference example and documented status, valid for the reference schema', () => {
  const ref = referenceOperations(path!);
  const expectValid = expectReferenceAnswer;

  test('createKeys: the example body answers 201 with the secret once; 400, 401, 403', async () => {
    const gw = gateway();
    const op = ref('POST', '/keys');
    expect(op.operationId).toBe('createKeys');
    const created = await call(gw, 'POST', '/keys', op.exampleBody);
    expectValid(op, created, 201);
    expect(created.body.key).toMatch(/^sk-gw-v1-[0-9a-f]{64}$/);
    expect(created.body.data).toMatchObject({
      name: 'My New API Key',
      limit: 50,
      limit_remaining: 50,
      limit_reset: 'monthly',
      include_byok_in_limit: true,
      expires_at: '2027-12-31T23:59:59Z',
      updated_at: null,
    });
    expectValid(op, await call(gw, 'POST', '/keys', {}), 400);
    expectValid(op, await call(gw, 'POST', '/keys', op.exampleBody, { 'content-type': 'application/json' }), 401);
    expectValid(op, await call(gw, 'POST', '/keys', op.exampleBody, ORDINARY), 403);
  });

  test('list: 200 with every key, paged by offset; 400 for a bad offset; 401', async () => {
    const gw = gateway();
    const op = ref('GET', '/keys');
    expect(op.operationId).toBe('list');
    await createKey(gw, { name: 'one' });
    const listed = await call(gw, 'GET', '/keys');
    expectValid(op, listed, 200);
    expect(listed.body.data.map((k: { name: string }) => k.name)).toEqual([
      'ordinary key, ample credits',
      'management key',
      '402 on paid operations',
      '1 request per 2 s, then 429 with Retry-After',
      'one',
    ]);
    expectValid(op, await call(gw, 'GET', '/keys?offset=-1'), 400);
    expectValid(op, await call(gw, 'GET', '/keys?include_disabled=yes'), 400);
    expectValid(op, await call(gw, 'GET', '/keys', undefined, {}), 401);
  });

  test('getKey, updateKeys (the example body), deleteKeys: 200, then 404 once deleted; 400; 401', async () => {
    const gw = gateway();
    const { data } = await createKey(gw, { name: 'to change' });
    const get = ref('GET', '/keys/{hash}');
    const update = ref('PATCH', '/keys/{hash}');
    const remove = ref('DELETE', '/keys/{hash}');
    expect([get.operationId, update.operationId, remove.operationId]).toEqual(['getKey', 'updateKeys', 'deleteKeys']);
    expectValid(get, await call(gw, 'GET', `/keys/${data.hash}`), 200);
    const updated = await call(gw, 'PATCH', `/keys/${data.hash}`, update.exampleBody);
    expectValid(update, updated, 200);
    expect(updated.body.data).toMatchObject({
      name: 'Updated API Key Name',
      label: 'Updated API Key Name',
      limit: 75,
      limit_reset: 'daily',
      include_byok_in_limit: true,
      updated_at: '2026-11-26T10:00:00Z',
    });
    expectValid(update, await call(gw, 'PATCH', `/keys/${data.hash}`, { limit: 'lots' }), 400);
    expectValid(get, await call(gw, 'GET', `/keys/${data.hash}`, undefined, {}), 401);
    expectValid(remove, await call(gw, 'DELETE', `/keys/${data.hash}`), 200);
    expectValid(get, await call(gw, 'GET', `/keys/${data.hash}`), 404);
    expectValid(update, await call(gw, 'PATCH', `/keys/${data.hash}`, { name: 'x' }), 404);
    expectValid(remove, await call(gw, 'DELETE', `/keys/${data.hash}`), 404);
  });

  test('an ordinary key is refused 403 on every keys operation (spec 5.3), in the error envelope', async () => {
    const gw = gateway();
    const { data } = await createKey(gw, { name: 'x' });
    const envelope = ref('POST', '/keys');
    for (const [method, route] of [
      ['GET', '/keys'],
      ['GET', `/keys/${data.hash}`],
      ['PATCH', `/keys/${data.hash}`],
      ['DELETE', `/keys/${data.hash}`],
    ] as const) {
      const answer = await call(gw, method, route, method === 'PATCH' ? { name: 'y' } : undefined, ORDINARY);
      expectValid(envelope, answer, 403);
    }
  });
});

describe('keys take effect on inference (issue 38, done when)', () => {
  test('a created key answers a chat request, is refused 402 at its limit, 401 once disabled, and is back after the interval on the virtual clock', async () => {
    const gw = gateway();
    const { key, data } = await createKey(gw, { name: 'customer', limit: 0.0001, limit_reset: 'daily' });
    const { served, refused } = await untilRefused(gw, key);
    expect(served).toBeGreaterThan(0);
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/today of its \$0\.0001 limit|may cost up to/);
    // The usage fields moved with the paid answer, in /keys/{hash} and in /key.
    const seen = (await call(gw, 'GET', `/keys/${data.hash}`)).body.data;
    expect(seen.usage).toBeGreaterThan(0);
    expect([seen.usage_daily, seen.usage_weekly, seen.usage_monthly]).toEqual([seen.usage, seen.usage, seen.usage]);
    // The limit is never passed: each answer's worst case was held before it was made.
    expect(seen.usage).toBeLessThanOrEqual(0.0001 + 1e-12);
    expect(seen.limit_remaining).toBeGreaterThanOrEqual(0);
    const own = (await call(gw, 'GET', '/key', undefined, { authorization: `Bearer ${key}` })).body.data;
    expect(own).toMatchObject({ usage: seen.usage, limit: 0.0001, limit_reset: 'daily', label: 'customer', is_management_key: false });
    // The next UTC day on the gateway clock: the daily limit starts again.
    await gw.control.advanceClock(DAY);
    expect((await chat(gw, key)).status).toBe(200);
    expect((await call(gw, 'PATCH', `/keys/${data.hash}`, { disabled: true })).status).toBe(200);
    const disabled = await chat(gw, key);
    expect(disabled.status).toBe(401);
    expect((await call(gw, 'GET', '/keys')).body.data.some((k: { hash: string }) => k.hash === data.hash)).toBe(false);
    expect((await call(gw, 'GET', '/keys?include_disabled=true')).body.data.some((k: { hash: string }) => k.hash === data.hash)).toBe(true);
    await call(gw, 'PATCH', `/keys/${data.hash}`, { disabled: false, limit: null });
    expect((await chat(gw, key)).status).toBe(200);
    expect((await call(gw, 'DELETE', `/keys/${data.hash}`)).status).toBe(200);
    expect((await chat(gw, key)).status).toBe(401);
  });

  test('a created key authenticates on every kind of operation at once (models, key, responses, embeddings)', async () => {
    const gw = gateway();
    const { key } = await createKey(gw, { name: 'everywhere' });
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    expect((await call(gw, 'GET', '/key', undefined, auth)).status).toBe(200);
    expect((await call(gw, 'POST', '/responses', { model: 'openai/gpt-4o-mini', input: 'hi' }, auth)).status).toBe(200);
    expect((await call(gw, 'POST', '/embeddings', { model: 'openai/text-embedding-3-small', input: 'hi' }, auth)).status).toBe(200);
    // Not a management key: the management plane stays closed to it.
    expect((await call(gw, 'GET', '/keys', undefined, auth)).status).toBe(403);
  });

  test('a key past its expires_at on the gateway clock answers 401', async () => {
    const gw = gateway();
    const { key } = await createKey(gw, { name: 'short-lived', expires_at: new Date(START + 3_600_000).toISOString() });
    expect((await chat(gw, key)).status).toBe(200);
    await gw.control.advanceClock(3_600_000);
    expect((await chat(gw, key)).status).toBe(401);
    expect((await call(gw, 'POST', '/keys', { name: 'past', expires_at: '2020-01-01T00:00:00Z' })).status).toBe(400);
    expect((await call(gw, 'POST', '/keys', { name: 'not utc', expires_at: '2027-01-01T00:00:00+02:00' })).status).toBe(400);
  });
});

describe('keys: the listing, the keys file and control reset', () => {
  test('keys of a keys file are listed with their limits; GET /keys pages by offset, 100 at a time', async () => {
    const gw = gateway({
      keys: [
        { key: 'sk-file-admin', kind: 'management', label: 'admin' },
        { key: 'sk-file-capped', credits: 5, limitReset: 'weekly' },
      ],
    });
    const admin = { authorization: 'Bearer sk-file-admin', 'content-type': 'application/json' };
    for (let i = 0; i < 120; i++) await call(gw, 'POST', '/keys', { name: `k${i}` }, admin);
    const first = (await call(gw, 'GET', '/keys', undefined, admin)).body.data;
    expect(first).toHaveLength(100);
    expect(first[0]).toMatchObject({ name: 'admin', limit: 1_000_000 });
    expect(first[1]).toMatchObject({ label: 'sk-...ped', limit: 5, limit_reset: 'weekly' });
    expect(first[2].name).toBe('k0');
    const second = (await call(gw, 'GET', '/keys?offset=100', undefined, admin)).body.data;
    expect(second.map((k: { name: string }) => k.name)).toEqual(Array.from({ length: 22 }, (_, i) => `k${i + 98}`));
    expect((await call(gw, 'GET', '/keys?offset=500', undefined, admin)).body.data).toEqual([]);
    expect((await call(gw, 'GET', `/keys?workspace_id=${'1'.repeat(8)}-1111-4111-8111-${'1'.repeat(12)}`, undefined, admin)).body.data).toEqual([]);
  });

  test('control reset forgets created keys and brings keys-file keys back as they were', async () => {
    const gw = gateway();
    const { key } = await createKey(gw, { name: 'temporary' });
    const test = (await call(gw, 'GET', '/keys')).body.data[0];
    await call(gw, 'PATCH', `/keys/${test.hash}`, { disabled: true });
    expect((await chat(gw, 'sk-gw-test')).status).toBe(401);
    gw.control.reset();
    expect((await chat(gw, key)).status).toBe(401);
    expect((await chat(gw, 'sk-gw-test')).status).toBe(200);
    const listed = (await call(gw, 'GET', '/keys')).body.data;
    expect(listed.map((k: { name: string }) => k.name)).not.toContain('temporary');
    expect(listed[0]).toMatchObject({ hash: test.hash, disabled: false });
  });
});

describe('keys: hostile input', () => {
  test('__proto__ as a name or a body field pollutes nothing and is an ordinary name', async () => {
    const gw = gateway();
    const created = await call(gw, 'POST', '/keys', '{"name":"__proto__","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}');
    expect(created.status).toBe(201);
    expect(created.body.data.name).toBe('__proto__');
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    const listed = (await call(gw, 'GET', '/keys')).body.data;
    expect(listed.at(-1).name).toBe('__proto__');
    expect((await chat(gw, created.body.key)).status).toBe(200);
  });

  test('bounded names, bodies and collections, each a clear 4xx', async () => {
    const gw = gateway({ management: { bounds: { maxKeys: 6 } } });
    const long = await call(gw, 'POST', '/keys', { name: 'n'.repeat(257) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toMatch(/name/);
    expect((await call(gw, 'POST', '/keys', { name: 'x'.repeat(70_000) })).status).toBe(413);
    expect((await call(gw, 'POST', '/keys', { name: 'x', limit: -1 })).status).toBe(400);
    expect((await call(gw, 'POST', '/keys', { name: 'x', workspace_id: 'not-a-uuid' })).status).toBe(400);
    expect((await call(gw, 'GET', '/keys?offset=1&offset=2')).status).toBe(400);
    await createKey(gw, { name: 'fifth' });
    await createKey(gw, { name: 'sixth' });
    const full = await call(gw, 'POST', '/keys', { name: 'seventh' });
    expect(full.status).toBe(400);
    expect(full.body.error.message).toMatch(/at most 6 keys/);
    expect((await call(gw, 'GET', '/keys/..%2F..%2Fetc')).status).toBe(404);
  });

  test('the secret of a created key is in its answer only: not in the journal, nor in the listing', async () => {
    const gw = gateway();
    const { key, data } = await createKey(gw, { name: 'secret' });
    await chat(gw, key);
    await call(gw, 'GET', '/keys');
    await call(gw, 'GET', `/keys/${data.hash}`);
    const journal = JSON.stringify(gw.requests());
    expect(journal).not.toContain(key);
    expect(journal).not.toContain(key.slice(9, 40));
    expect(JSON.stringify((await call(gw, 'GET', '/keys')).body)).not.toContain(key.slice(9, 40));
  });
});
