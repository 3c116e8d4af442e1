import { describe, expect, test } from 'vitest';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.ts';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { referenceOperations, expectReferenceAnswer, referencePath } from './reference-operation.ts';

const START = Date.UTC(2026, 10, 26, 10);
const MANAGEMENT = { authorization: 'Bearer sk-gw-management', 'content-type': 'application/json' };
const ORDINARY = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };
const NO_KEY = { 'content-type': 'application/json' };
const MISSING = '00000000-0000-4000-8000-00000000dead';
const OWNER = 'user_gatewaykit0000000000000000';

const gateway = () => createGateway({ clock: virtualClock(START) });

async function call(gw: Gateway, method: string, path: string, body?: unknown, headers: Record<string, string> = MANAGEMENT) {
  const response = await gw.fetch(path, { method, headers, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as any) };
}

async function createGuardrail(gw: Gateway, body: Record<string, unknown> = { name: 'g' }): Promise<string> {
  const created = await call(gw, 'POST', '/guardrails', body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.id as string;
}

async function createKey(gw: Gateway, name: string): Promise<{ key: string; hash: string }> {
  const created = await call(gw, 'POST', '/keys', { name });
  expect(created.status).toBe(201);
  return { key: created.body.key, hash: created.body.data.hash };
}

const path = referencePath();
describe.runIf(path)('guardrails: every operation, its documented statuses, valid for the reference schema', () => {
  const ref = referenceOperations(path!);
  const expectValid = expectReferenceAnswer;

  test('createGuardrail: the example body answers 201; 400, 401, 403', async () => {
    const gw = gateway();
    const op = ref('POST', '/guardrails');
    const created = await call(gw, 'POST', '/guardrails', op.exampleBody);
    expectValid(op, created, 201);
    expect(created.body.data).toMatchObject({
      name: 'My New Guardrail',
      limit_usd: 50,
      allowed_providers: ['openai', 'anthropic', 'deepseek'],
      updated_at: null,
    });
    expect(created.body.data.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expectValid(op, await call(gw, 'POST', '/guardrails', {}), 400);
    expectValid(op, await call(gw, 'POST', '/guardrails', { name: 'x', allowed_models: [] }), 400);
    expectValid(op, await call(gw, 'POST', '/guardrails', { name: 'x', content_filters: [{ pattern: '(a+)+$', action: 'block' }] }), 400);
    expectValid(op, await call(gw, 'POST', '/guardrails', { name: 'x', content_filters: [{ pattern: '([', action: 'block' }] }), 400);
    expectValid(op, await call(gw, 'POST', '/guardrails', op.exampleBody, NO_KEY), 401);
    expectValid(op, await call(gw, 'POST', '/guardrails', op.exampleBody, ORDINARY), 403);
  });

  test('listGuardrails pages by offset and limit with total_count; getGuardrail, updateGuardrail, deleteGuardrail', async () => {
    const gw = gateway();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await createGuardrail(gw, { name: `g${i}` }));
    const list = ref('GET', '/guardrails');
    const page = await call(gw, 'GET', '/guardrails?offset=1&limit=1');
    expectValid(list, page, 200);
    expect(page.body).toMatchObject({ total_count: 3, data: [{ id: ids[1], name: 'g1' }] });
    expectValid(list, await call(gw, 'GET', '/guardrails?limit=101'), 400);
    expectValid(list, await call(gw, 'GET', '/guardrails', undefined, NO_KEY), 401);

    const get = ref('GET', '/guardrails/{id}');
    expectValid(get, await call(gw, 'GET', `/guardrails/${ids[0]}`), 200);
    expectValid(get, await call(gw, 'GET', `/guardrails/${MISSING}`), 404);
    expectValid(get, await call(gw, 'GET', `/guardrails/${ids[0]}`, undefined, NO_KEY), 401);

    const update = ref('PATCH', '/guardrails/{id}');
    const patched = await call(gw, 'PATCH', `/guardrails/${ids[0]}`, update.exampleBody);
    expectValid(update, patched, 200);
    expect(patched.body.data).toMatchObject({ name: 'Updated Guardrail Name', limit_usd: 75, reset_interval: 'weekly', updated_at: '2026-11-26T10:00:00Z' });
    expectValid(update, await call(gw, 'PATCH', `/guardrails/${ids[0]}`, { limit_usd: -1 }), 400);
    expectValid(update, await call(gw, 'PATCH', `/guardrails/${MISSING}`, { name: 'x' }), 404);
    // No prototype pollution through a body's names: unknown members are dropped.
    const polluted = await call(gw, 'PATCH', `/guardrails/${ids[0]}`, '{"__proto__":{"polluted":true},"constructor":{"x":1},"name":"safe"}');
    expectValid(update, polluted, 200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(polluted.body.data)).not.toContain('constructor');

    const del = ref('DELETE', '/guardrails/{id}');
    expectValid(del, await call(gw, 'DELETE', `/guardrails/${ids[2]}`), 200);
    expectValid(del, await call(gw, 'DELETE', `/guardrails/${ids[2]}`), 404);
    expect((await call(gw, 'GET', '/guardrails')).body.total_count).toBe(2);
  });

  test('key assignments: bulk assign (unknown hash 400, all or nothing), list, global list, unassign', async () => {
    const gw = gateway();
    const id = await createGuardrail(gw);
    const a = await createKey(gw, 'a');
    const b = await createKey(gw, 'b');
    const assign = ref('POST', '/guardrails/{id}/assignments/keys');
    const assigned = await call(gw, 'POST', `/guardrails/${id}/assignments/keys`, { key_hashes: [a.hash, b.hash, a.hash] });
    expectValid(assign, assigned, 200);
    expect(assigned.body.assigned_count).toBe(2);
    expect((await call(gw, 'POST', `/guardrails/${id}/assignments/keys`, { key_hashes: [a.hash] })).body.assigned_count).toBe(0);
    expectValid(assign, await call(gw, 'POST', `/guardrails/${id}/assignments/keys`, { key_hashes: ['f'.repeat(64)] }), 400);
    expectValid(assign, await call(gw, 'POST', `/guardrails/${id}/assignments/keys`, { key_hashes: [] }), 400);
    expectValid(assign, await call(gw, 'POST', `/guardrails/${MISSING}/assignments/keys`, { key_hashes: [a.hash] }), 404);
    expectValid(assign, await call(gw, 'POST', `/guardrails/${id}/assignments/keys`, { key_hashes: [a.hash] }, NO_KEY), 401);

    const list = ref('GET', '/guardrails/{id}/assignments/keys');
    const listed = await call(gw, 'GET', `/guardrails/${id}/assignments/keys?limit=1`);
    expectValid(list, listed, 200);
    expect(listed.body).toMatchObject({
      total_count: 2,
      data: [{ key_hash: a.hash, key_name: 'a', guardrail_id: id, assigned_by: 'user_gatewaykit0000000000000000' }],
    });
    expectValid(list, await call(gw, 'GET', `/guardrails/${MISSING}/assignments/keys`), 404);
    const all = ref('GET', '/guardrails/assignments/keys');
    const everywhere = await call(gw, 'GET', '/guardrails/assignments/keys');
    expectValid(all, everywhere, 200);
    expect(everywhere.body.total_count).toBe(2);
    expectValid(all, await call(gw, 'GET', '/guardrails/assignments/keys', undefined, NO_KEY), 401);

    const remove = ref('POST', '/guardrails/{id}/assignments/keys/remove');
    const removed = await call(gw, 'POST', `/guardrails/${id}/assignments/keys/remove`, { key_hashes: [a.hash, 'f'.repeat(64)] });
    expectValid(remove, removed, 200);
    expect(removed.body.unassigned_count).toBe(1);
    expectValid(remove, await call(gw, 'POST', `/guardrails/${id}/assignments/keys/remove`, {}), 400);
    expectValid(remove, await call(gw, 'POST', `/guardrails/${MISSING}/assignments/keys/remove`, { key_hashes: [a.hash] }), 404);
    // A deleted key leaves the listings; a deleted guardrail takes its assignments with it.
    await call(gw, 'DELETE', `/keys/${b.hash}`);
    expect((await call(gw, 'GET', `/guardrails/${id}/assignments/keys`)).body.total_count).toBe(0);
  });

  test('member assignments: members of the organisation only (400 otherwise), list, global list, unassign', async () => {
    const gw = gateway();
    const id = await createGuardrail(gw);
    const assign = ref('POST', '/guardrails/{id}/assignments/members');
    const assigned = await call(gw, 'POST', `/guardrails/${id}/assignments/members`, { member_user_ids: [OWNER, 'user_gatewaykit0000000000000001'] });
    expectValid(assign, assigned, 200);
    expect(assigned.body.assigned_count).toBe(2);
    expectValid(assign, await call(gw, 'POST', `/guardrails/${id}/assignments/members`, { member_user_ids: ['user_nobody'] }), 400);
    expectValid(assign, await call(gw, 'POST', `/guardrails/${MISSING}/assignments/members`, { member_user_ids: [OWNER] }), 404);

    const list = ref('GET', '/guardrails/{id}/assignments/members');
    const listed = await call(gw, 'GET', `/guardrails/${id}/assignments/members?offset=1`);
    expectValid(list, listed, 200);
    expect(listed.body).toMatchObject({ total_count: 2, data: [{ user_id: 'user_gatewaykit0000000000000001', organization_id: 'org_gatewaykit' }] });
    expectValid(list, await call(gw, 'GET', `/guardrails/${MISSING}/assignments/members`), 404);
    const all = ref('GET', '/guardrails/assignments/members');
    expectValid(all, await call(gw, 'GET', '/guardrails/assignments/members'), 200);

    const remove = ref('POST', '/guardrails/{id}/assignments/members/remove');
    const removed = await call(gw, 'POST', `/guardrails/${id}/assignments/members/remove`, { member_user_ids: [OWNER] });
    expectValid(remove, removed, 200);
    expect(removed.body.unassigned_count).toBe(1);
    expectValid(remove, await call(gw, 'POST', `/guardrails/${MISSING}/assignments/members/remove`, { member_user_ids: [OWNER] }), 404);
    await call(gw, 'DELETE', `/guardrails/${id}`);
    expect((await call(gw, 'GET', '/guardrails/assignments/members')).body.total_count).toBe(0);
  });

  test('listOrganizationMembers: the seeded organisation, paged; 400, 401, 403', async () => {
    const gw = gateway();
    const op = ref('GET', '/organization/members');
    const page = await call(gw, 'GET', '/organization/members?offset=1&limit=1');
    expectValid(op, page, 200);
    expect(page.body).toEqual({
      data: [{ id: 'user_gatewaykit0000000000000001', first_name: 'Ben', last_name: 'Builder', email: 'ben@gatewaykit.test', role: 'org:member' }],
      total_count: 3,
    });
    expect((await call(gw, 'GET', '/organization/members?limit=0')).status).toBe(400);
    expectValid(op, await call(gw, 'GET', '/organization/members', undefined, NO_KEY), 401);
    expect((await call(gw, 'GET', '/organization/members', undefined, ORDINARY)).status).toBe(403);
  });

  test('SCIM: groups, and group mappings created (201, 404, 409), read, changed and deleted (keep_members required)', async () => {
    const gw = gateway();
    const groups = await call(gw, 'GET', '/scim/groups');
    expectValid(ref('GET', '/scim/groups'), groups, 200);
    expect(groups.body.total_count).toBe(2);
    const group = groups.body.data[0].id as string;
    const create = ref('POST', '/scim/group-mappings');
    const body = { scim_group_id: group, workspace_id: '00000000-0000-4000-8000-000000000000', role: 'member' };
    const created = await call(gw, 'POST', '/scim/group-mappings', body);
    expectValid(create, created, 201);
    expectValid(create, await call(gw, 'POST', '/scim/group-mappings', body), 409);
    expectValid(create, await call(gw, 'POST', '/scim/group-mappings', { ...body, scim_group_id: MISSING }), 404);
    expectValid(create, await call(gw, 'POST', '/scim/group-mappings', { ...body, role: 'owner' }), 400);
    expectValid(create, await call(gw, 'POST', '/scim/group-mappings', body, NO_KEY), 401);
    const id = created.body.data.id as string;
    expectValid(ref('GET', '/scim/group-mappings'), await call(gw, 'GET', '/scim/group-mappings?limit=1'), 200);
    expectValid(ref('GET', '/scim/group-mappings/{id}'), await call(gw, 'GET', `/scim/group-mappings/${id}`), 200);
    expectValid(ref('GET', '/scim/group-mappings/{id}'), await call(gw, 'GET', `/scim/group-mappings/${MISSING}`), 404);
    const update = ref('PATCH', '/scim/group-mappings/{id}');
    const changed = await call(gw, 'PATCH', `/scim/group-mappings/${id}`, { role: 'admin' });
    expectValid(update, changed, 200);
    expect(changed.body.data.role).toBe('admin');
    expectValid(update, await call(gw, 'PATCH', `/scim/group-mappings/${id}`, {}), 400);
    const del = ref('DELETE', '/scim/group-mappings/{id}');
    expectValid(del, await call(gw, 'DELETE', `/scim/group-mappings/${id}`), 400);
    expectValid(del, await call(gw, 'DELETE', `/scim/group-mappings/${id}?keep_members=false`), 200);
    expectValid(del, await call(gw, 'DELETE', `/scim/group-mappings/${id}?keep_members=false`), 404);
  });

  test('the control API replaces the organisation; member assignments are judged against it; a control reset brings the seed back', async () => {
    const gw = gateway();
    const replaced = await gw.fetch('/__gatewaykit/organization', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ members: [{ id: 'user_new', first_name: null, last_name: null, email: 'new@example.test', role: 'org:admin' }] }),
    });
    expect(replaced.status).toBe(200);
    expect((await call(gw, 'GET', '/organization/members')).body).toMatchObject({ total_count: 1, data: [{ id: 'user_new' }] });
    const id = await createGuardrail(gw);
    expect((await call(gw, 'POST', `/guardrails/${id}/assignments/members`, { member_user_ids: ['user_new'] })).status).toBe(200);
    expect((await call(gw, 'POST', `/guardrails/${id}/assignments/members`, { member_user_ids: [OWNER] })).status).toBe(400);
    expect(
      (await gw.fetch('/__gatewaykit/organization', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"members":[{"id":"x"}]}' }))
        .status,
    ).toBe(400);
    await gw.control.reset();
    expect((await call(gw, 'GET', '/organization/members')).body.total_count).toBe(3);
  });

  test('a control reset forgets every guardrail and assignment', async () => {
    const gw = gateway();
    await createGuardrail(gw);
    await gw.control.reset();
    expect((await call(gw, 'GET', '/guardrails')).body).toEqual({ data: [], total_count: 0 });
  });
});
