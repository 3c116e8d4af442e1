import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/index.ts';
import { stateFileOptions } from '../../src/adapter/node/state-file.ts';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.ts';

const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-organization-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MANAGEMENT = { authorization: 'Bearer sk-gw-management', 'content-type': 'application/json' };

async function open(file: string) {
  const clock = virtualClock(Date.UTC(2026, 10, 26, 10));
  const state = await stateFileOptions(file, clock);
  const gw = createGateway({ clock, videoJobs: state.videoJobs, management: state.management });
  return Object.assign(gw, { close: () => state.log.close() });
}

async function call(gw: Gateway, method: string, path: string, body?: unknown) {
  const response = await gw.fetch(path, { method, headers: MANAGEMENT, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as any) };
}

const REPLACEMENT = {
  members: [{ id: 'user_replaced_owner', first_name: 'Ada', last_name: null, email: 'ada@example.test', role: 'org:admin' }],
  groups: [{ id: '7d1f3a52-0c6e-4b8e-9f1a-2b3c4d5e6f70', external_id: 'eng', display_name: 'Engineering' }],
};

describe('the organisation and its SCIM group mappings survive a restart with a state file', () => {
  it('mappings come back (a deleted one stays gone, a changed role stays changed); a control reset forgets them for good', async () => {
    const file = join(dir, 'mappings.log');
    const first = await open(file);
    const workspace = (await call(first, 'POST', '/workspaces', { name: 'Team', slug: 'team' })).body.data.id;
    const [groupA, groupB] = (await call(first, 'GET', '/scim/groups')).body.data.map((g: { id: string }) => g.id);
    const kept = (await call(first, 'POST', '/scim/group-mappings', { scim_group_id: groupA, workspace_id: workspace, role: 'member' })).body.data;
    const gone = (await call(first, 'POST', '/scim/group-mappings', { scim_group_id: groupB, workspace_id: workspace, role: 'member' })).body.data;
    expect((await call(first, 'PATCH', `/scim/group-mappings/${kept.id}`, { role: 'admin' })).status).toBe(200);
    expect((await call(first, 'DELETE', `/scim/group-mappings/${gone.id}?keep_members=true`)).status).toBe(200);
    await first.close();

    const second = await open(file);
    const listed = (await call(second, 'GET', '/scim/group-mappings')).body.data;
    expect(listed.map((m: { id: string; role: string }) => [m.id, m.role])).toEqual([[kept.id, 'admin']]);
    expect((await call(second, 'GET', `/scim/group-mappings/${gone.id}`)).status).toBe(404);
    await second.control.reset();
    await second.close();

    const third = await open(file);
    expect((await call(third, 'GET', '/scim/group-mappings')).body.data).toEqual([]);
    await third.close();
  });

  it('a replaced organisation (PUT /__gatewaykit/organization) comes back until a control reset brings the seeded one', async () => {
    const file = join(dir, 'organization.log');
    const first = await open(file);
    const seeded = (await call(first, 'GET', '/organization/members')).body.data.map((m: { id: string }) => m.id);
    const put = await first.fetch('/__gatewaykit/organization', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(REPLACEMENT),
    });
    expect(put.status).toBe(200);
    await first.close();

    const second = await open(file);
    expect((await call(second, 'GET', '/organization/members')).body.data.map((m: { id: string }) => m.id)).toEqual(['user_replaced_owner']);
    expect((await call(second, 'GET', '/scim/groups')).body.data.map((g: { display_name: string }) => g.display_name)).toEqual(['Engineering']);
    await second.control.reset();
    await second.close();

    const third = await open(file);
    expect((await call(third, 'GET', '/organization/members')).body.data.map((m: { id: string }) => m.id)).toEqual(seeded);
    await third.close();
  });
});
