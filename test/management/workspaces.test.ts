import { describe, expect, test } from 'vitest';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.ts';
import { referenceOperations, expectReferenceAnswer, referencePath } from './reference-operation.ts';

const START = Date.UTC(2026, 10, 26, 10);
const MANAGEMENT = { authorization: 'Bearer sk-gw-management', 'content-type': 'application/json' };
const ORDINARY = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };
const DEFAULT_ID = '00000000-0000-4000-8000-000000000000';

const gateway = (options: Parameters<typeof createGateway>[0] = {}): Gateway => createGateway({ clock: virtualClock(START), ...options });

async function call(gw: Gateway, method: string, path: string, body?: unknown, headers: Record<string, string> = MANAGEMENT) {
  const response = await gw.fetch(path, { method, headers, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as any) };
}

async function createWorkspace(gw: Gateway, slug: string) {
  const created = await call(gw, 'POST', '/workspaces', { name: slug, slug });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as { id: string; slug: string };
}

const path = referencePath();
describe.runIf(path)('workspaces: every reference example and documented status, valid for the reference schema', () => {
  const ref = referenceOperations(path!);
  const expectValid = expectReferenceAnswer;

  test('createWorkspace (the example body) 201; listWorkspaces pages by offset and limit with total_count; 400, 401, 403', async () => {
    const gw = gateway();
    const create = ref('POST', '/workspaces');
    const created = await call(gw, 'POST', '/workspaces', create.exampleBody);
    expectValid(create, created, 201);
    expect(created.body.data).toMatchObject({ name: 'Production', slug: 'production', default_text_model: 'openai/gpt-4o', updated_at: null });
    expectValid(create, await call(gw, 'POST', '/workspaces', create.exampleBody), 400);
    expectValid(create, await call(gw, 'POST', '/workspaces', { name: 'x', slug: 'Not A Slug' }), 400);
    expectValid(create, await call(gw, 'POST', '/workspaces', { name: 'x' }), 400);
    expectValid(create, await call(gw, 'POST', '/workspaces', create.exampleBody, { 'content-type': 'application/json' }), 401);
    expectValid(create, await call(gw, 'POST', '/workspaces', create.exampleBody, ORDINARY), 403);
    for (const slug of ['a', 'b', 'c']) await createWorkspace(gw, slug);
    const list = ref('GET', '/workspaces');
    const all = await call(gw, 'GET', '/workspaces');
    expectValid(list, all, 200);
    expect(all.body.data.map((w: { slug: string }) => w.slug)).toEqual(['default', 'production', 'a', 'b', 'c']);
    expect(all.body.total_count).toBe(5);
    const page = await call(gw, 'GET', '/workspaces?offset=1&limit=2');
    expect(page.body.data.map((w: { slug: string }) => w.slug)).toEqual(['production', 'a']);
    expect(page.body.total_count).toBe(5);
    expect((await call(gw, 'GET', '/workspaces?limit=101')).status).toBe(400);
    expectValid(list, await call(gw, 'GET', '/workspaces', undefined, {}), 401);
  });

  test('getWorkspace and updateWorkspace by id or slug (the example body); 404; a taken slug is a 400; deleteWorkspace', async () => {
    const gw = gateway();
    const ws = await createWorkspace(gw, 'staging');
    const get = ref('GET', '/workspaces/{id}');
    expectValid(get, await call(gw, 'GET', `/workspaces/${ws.id}`), 200);
    expect((await call(gw, 'GET', '/workspaces/staging')).body.data.id).toBe(ws.id);
    expectValid(get, await call(gw, 'GET', '/workspaces/nope'), 404);
    const update = ref('PATCH', '/workspaces/{id}');
    const updated = await call(gw, 'PATCH', '/workspaces/staging', update.exampleBody);
    expectValid(update, updated, 200);
    expect(updated.body.data).toMatchObject({ id: ws.id, name: 'Updated Workspace', slug: 'updated-workspace', updated_at: '2026-11-26T10:00:00Z' });
    expectValid(update, await call(gw, 'PATCH', `/workspaces/${ws.id}`, { slug: 'default' }), 400);
    expectValid(update, await call(gw, 'PATCH', `/workspaces/${ws.id}`, { __proto__: { polluted: true }, constructor: 'x' }), 200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expectValid(update, await call(gw, 'PATCH', '/workspaces/nope', { name: 'x' }), 404);
    const del = ref('DELETE', '/workspaces/{id}');
    expectValid(del, await call(gw, 'DELETE', `/workspaces/${ws.id}`), 200);
    expectValid(del, await call(gw, 'DELETE', `/workspaces/${ws.id}`), 404);
    expectValid(get, await call(gw, 'GET', '/workspaces/updated-workspace'), 404);
  });

  test('deleteWorkspace: refused (400) while it has keys, 403 for the default workspace; keys go to a workspace by its id', async () => {
    const gw = gateway();
    const ws = await createWorkspace(gw, 'team');
    const del = ref('DELETE', '/workspaces/{id}');
    expectValid(del, await call(gw, 'DELETE', `/workspaces/${DEFAULT_ID}`), 403);
    const key = await call(gw, 'POST', '/keys', { name: 'team key', workspace_id: ws.id });
    expect(key.status).toBe(201);
    expect(key.body.data.workspace_id).toBe(ws.id);
    expect((await call(gw, 'GET', `/keys?workspace_id=${ws.id}`)).body.data.map((k: { name: string }) => k.name)).toEqual(['team key']);
    const refused = await call(gw, 'DELETE', `/workspaces/${ws.id}`);
    expectValid(del, refused, 400);
    expect(refused.body.error.message).toContain('team key');
    expect((await call(gw, 'DELETE', `/keys/${key.body.data.hash}`)).status).toBe(200);
    expectValid(del, await call(gw, 'DELETE', `/workspaces/${ws.id}`), 200);
    expect((await call(gw, 'POST', '/keys', { name: 'orphan', workspace_id: ws.id })).status).toBe(400);
  });

  test('deleteWorkspace permanently deletes its budgets and guardrails (with their assignments); another workspace keeps its own', async () => {
    const gw = gateway();
    const doomed = await createWorkspace(gw, 'doomed');
    const kept = await createWorkspace(gw, 'kept');
    const guardrailIn = async (workspace: string) => {
      const created = await call(gw, 'POST', '/guardrails', { name: `rail of ${workspace}`, workspace_id: workspace, allowed_models: ['openai/gpt-4o-mini'] });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.data.id as string;
    };
    const doomedRail = await guardrailIn(doomed.id);
    const keptRail = await guardrailIn(kept.id);
    const member = (await call(gw, 'GET', '/organization/members')).body.data[0].id as string;
    const assigned = await call(gw, 'POST', `/guardrails/${doomedRail}/assignments/members`, { member_user_ids: [member] });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const before = await call(gw, 'GET', '/guardrails/assignments/members');
    expect(before.body.data.filter((a: { guardrail_id: string }) => a.guardrail_id === doomedRail)).toHaveLength(1);
    expect((await call(gw, 'PUT', `/workspaces/${doomed.id}/budgets/daily`, { limit_usd: 5 })).status).toBe(200);
    expect((await call(gw, 'DELETE', `/workspaces/${doomed.id}`)).status).toBe(200);
    expect((await call(gw, 'GET', `/guardrails/${doomedRail}`)).status).toBe(404);
    expect((await call(gw, 'GET', `/guardrails/${keptRail}`)).status).toBe(200);
    const members = await call(gw, 'GET', '/guardrails/assignments/members');
    expect(members.status).toBe(200);
    expect(members.body.data.filter((a: { guardrail_id: string }) => a.guardrail_id === doomedRail)).toEqual([]);
    expect((await call(gw, 'GET', `/workspaces/${doomed.id}/budgets/daily`)).status).toBe(404);
  });

  test('members: the default workspace lists the organization implicitly; bulk add (the example) and remove; a member with an active key stays', async () => {
    const gw = gateway();
    const list = ref('GET', '/workspaces/{id}/members');
    const implicit = await call(gw, 'GET', '/workspaces/default/members');
    expectValid(list, implicit, 200);
    expect(implicit.body.total_count).toBeGreaterThanOrEqual(1);
    const ws = await createWorkspace(gw, 'crew');
    const add = ref('POST', '/workspaces/{id}/members/add');
    // The example's user ids are no members of the seeded organization: a 400 naming them.
    const strangers = await call(gw, 'POST', `/workspaces/${ws.id}/members/add`, add.exampleBody);
    expectValid(add, strangers, 400);
    expect(strangers.body.error.message).toContain('user_abc123');
    const members = { user_ids: ['user_gatewaykit0000000000000001', 'user_gatewaykit0000000000000000'] };
    const added = await call(gw, 'POST', `/workspaces/${ws.id}/members/add`, members);
    expectValid(add, added, 200);
    expect(added.body.added_count).toBe(2);
    expect(added.body.data.map((m: { user_id: string; role: string }) => [m.user_id, m.role])).toEqual([
      ['user_gatewaykit0000000000000001', 'member'],
      ['user_gatewaykit0000000000000000', 'admin'],
    ]);
    expect((await call(gw, 'POST', `/workspaces/${ws.id}/members/add`, members)).body.added_count).toBe(0);
    expectValid(add, await call(gw, 'POST', `/workspaces/${ws.id}/members/add`, { user_ids: [] }), 400);
    expectValid(add, await call(gw, 'POST', `/workspaces/${ws.id}/members/add`, { user_ids: Array.from({ length: 101 }, (_, i) => `u${i}`) }), 400);
    expectValid(add, await call(gw, 'POST', '/workspaces/nope/members/add', members), 404);
    expectValid(add, await call(gw, 'POST', `/workspaces/${ws.id}/members/add`, members, ORDINARY), 403);
    const page = await call(gw, 'GET', `/workspaces/crew/members?limit=1&offset=1`);
    expectValid(list, page, 200);
    expect(page.body).toMatchObject({ total_count: 2, data: [{ user_id: 'user_gatewaykit0000000000000000' }] });
    await call(gw, 'POST', '/keys', { name: 'owner key', workspace_id: ws.id, creator_user_id: 'user_gatewaykit0000000000000000' });
    const remove = ref('POST', '/workspaces/{id}/members/remove');
    expectValid(remove, await call(gw, 'POST', `/workspaces/${ws.id}/members/remove`, members), 400);
    const removed = await call(gw, 'POST', `/workspaces/${ws.id}/members/remove`, { user_ids: ['user_gatewaykit0000000000000001', 'user_never'] });
    expectValid(remove, removed, 200);
    expect(removed.body.removed_count).toBe(1);
    expect((await call(gw, 'GET', `/workspaces/${ws.id}/members`)).body.total_count).toBe(1);
  });

  test('budgets: upsert (the example body), get, list, delete; intervals narrow strictly; 400 and 404', async () => {
    const gw = gateway();
    const ws = await createWorkspace(gw, 'money');
    const put = ref('PUT', '/workspaces/{id}/budgets/{interval}');
    const set = await call(gw, 'PUT', `/workspaces/${ws.id}/budgets/monthly`, put.exampleBody);
    expectValid(put, set, 200);
    expect(set.body).toMatchObject({ data: { limit_usd: 100, reset_interval: 'monthly', workspace_id: ws.id }, include_byok_in_budgets: true });
    expectValid(put, await call(gw, 'PUT', `/workspaces/${ws.id}/budgets/daily`, { limit_usd: 100 }), 400);
    expectValid(put, await call(gw, 'PUT', `/workspaces/${ws.id}/budgets/lifetime`, { limit_usd: 50 }), 400);
    expectValid(put, await call(gw, 'PUT', `/workspaces/${ws.id}/budgets/daily`, { limit_usd: 0 }), 400);
    expectValid(put, await call(gw, 'PUT', `/workspaces/${ws.id}/budgets/hourly`, { limit_usd: 1 }), 400);
    expectValid(put, await call(gw, 'PUT', '/workspaces/nope/budgets/daily', { limit_usd: 1 }), 404);
    expectValid(put, await call(gw, 'PUT', `/workspaces/${ws.id}/budgets/lifetime`, { limit_usd: 500 }), 200);
    const get = ref('GET', '/workspaces/{id}/budgets/{interval}');
    const lifetime = await call(gw, 'GET', `/workspaces/money/budgets/lifetime`);
    expectValid(get, lifetime, 200);
    expect(lifetime.body.data.reset_interval).toBeNull();
    expectValid(get, await call(gw, 'GET', `/workspaces/${ws.id}/budgets/weekly`), 404);
    const list = ref('GET', '/workspaces/{id}/budgets');
    const listed = await call(gw, 'GET', `/workspaces/${ws.id}/budgets`);
    expectValid(list, listed, 200);
    expect(listed.body.data.map((b: { reset_interval: string | null }) => b.reset_interval)).toEqual(['monthly', null]);
    const del = ref('DELETE', '/workspaces/{id}/budgets/{interval}');
    expectValid(del, await call(gw, 'DELETE', `/workspaces/${ws.id}/budgets/monthly`), 200);
    expectValid(del, await call(gw, 'DELETE', `/workspaces/${ws.id}/budgets/monthly`), 200);
    expectValid(get, await call(gw, 'GET', `/workspaces/${ws.id}/budgets/monthly`), 404);
  });

  test('a control reset forgets created workspaces; the default one stays', async () => {
    const gw = gateway();
    await createWorkspace(gw, 'gone');
    await gw.control.reset();
    const listed = await call(gw, 'GET', '/workspaces');
    expect(listed.body.data.map((w: { slug: string }) => w.slug)).toEqual(['default']);
  });
});
