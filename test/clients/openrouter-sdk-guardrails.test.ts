import { OpenRouter } from '@openrouter/sdk';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGateway, virtualClock } from 'gatewaykit';
import { startServer } from 'gatewaykit/node';

/**
 * The official OpenRouter SDK (`@openrouter/sdk`) at its default settings, but for `serverURL` and
 * `apiKey` (the management key), on every Guardrails, Organization and SCIM group-mapping call
 * the reference describes. The SDK validates each answer against its own schemas, so a call that
 * returns is a shape it accepts.
 */
const MANAGEMENT_KEY = 'sk-gw-management';
type Mode = 'msw' | 'http';

async function start(mode: Mode): Promise<{ sdk: OpenRouter; close(): Promise<void> }> {
  if (mode === 'http') {
    const server = await startServer({ port: 0, clock: virtualClock() });
    return { sdk: new OpenRouter({ serverURL: server.baseUrl, apiKey: MANAGEMENT_KEY }), close: () => server.close() };
  }
  const gateway = createGateway({ baseUrl: 'http://openrouter-sdk-guardrails.test/api/v1', clock: virtualClock() });
  const server = setupServer(...gateway.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  return { sdk: new OpenRouter({ serverURL: gateway.baseUrl, apiKey: MANAGEMENT_KEY }), close: async () => server.close() };
}

/** Every item of a paged SDK listing (the SDK's page iterator follows the offsets). */
async function all<T>(pages: AsyncIterable<{ result: { data: T[] } }>): Promise<T[]> {
  const items: T[] = [];
  for await (const page of pages) items.push(...page.result.data);
  return items;
}

describe.each<Mode>(['msw', 'http'])('@openrouter/sdk guardrails, organization and SCIM (%s)', (mode) => {
  let running: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    running = await start(mode);
  });
  afterAll(() => running.close());

  test('guardrails: create, get, update, list; key and member assignments in bulk, listed per guardrail and globally; unassign; delete', async () => {
    const { sdk } = running;
    const created = await sdk.guardrails.create({ createGuardrailRequest: { name: 'SDK rail', allowedModels: ['openai/gpt-4o-mini'], limitUsd: 5 } });
    const id = created.data.id;
    expect(created.data).toMatchObject({ name: 'SDK rail', allowedModels: ['openai/gpt-4o-mini'], limitUsd: 5 });
    expect((await sdk.guardrails.get({ id })).data.id).toBe(id);
    expect((await sdk.guardrails.update({ id, updateGuardrailRequest: { description: 'from the SDK' } })).data.description).toBe('from the SDK');
    expect((await all(await sdk.guardrails.list())).map((g) => g.id)).toContain(id);

    const key = await sdk.apiKeys.create({ requestBody: { name: 'guarded' } });
    const hash = key.data.hash;
    expect((await sdk.guardrails.bulkAssignKeys({ id, bulkAssignKeysRequest: { keyHashes: [hash] } })).assignedCount).toBe(1);
    expect((await all(await sdk.guardrails.listGuardrailKeyAssignments({ id }))).map((a) => a.keyHash)).toEqual([hash]);
    expect((await all(await sdk.guardrails.listKeyAssignments())).map((a) => a.guardrailId)).toContain(id);
    const member = (await all(await sdk.organization.listMembers()))[0]!.id;
    expect((await sdk.guardrails.bulkAssignMembers({ id, bulkAssignMembersRequest: { memberUserIds: [member] } })).assignedCount).toBe(1);
    expect((await all(await sdk.guardrails.listGuardrailMemberAssignments({ id }))).map((a) => a.userId)).toEqual([member]);
    expect((await all(await sdk.guardrails.listMemberAssignments())).map((a) => a.guardrailId)).toContain(id);
    expect((await sdk.guardrails.bulkUnassignKeys({ id, bulkUnassignKeysRequest: { keyHashes: [hash] } })).unassignedCount).toBe(1);
    expect((await sdk.guardrails.bulkUnassignMembers({ id, bulkUnassignMembersRequest: { memberUserIds: [member] } })).unassignedCount).toBe(1);
    expect((await sdk.guardrails.delete({ id })).deleted).toBe(true);
    await expect(sdk.guardrails.get({ id })).rejects.toMatchObject({ statusCode: 404 });
    await sdk.apiKeys.delete({ hash });
  });

  test('organization members and SCIM: list members and groups; group mappings create, read, update, list, delete', async () => {
    const { sdk } = running;
    const members = await all(await sdk.organization.listMembers());
    expect(members.length).toBeGreaterThan(0);
    const groups = await all(await sdk.scim.listGroups());
    expect(groups.length).toBeGreaterThan(0);
    const workspace = (await sdk.workspaces.create({ createWorkspaceRequest: { name: 'SCIM target', slug: 'scim-target' } })).data.id;
    const created = await sdk.scim.create({ createScimGroupMappingRequest: { scimGroupId: groups[0]!.id, workspaceId: workspace, role: 'member' } });
    const id = created.data.id;
    expect((await sdk.scim.read({ id })).data).toMatchObject({ id, workspaceId: workspace });
    expect((await sdk.scim.update({ id, updateScimGroupMappingRequest: { role: 'admin' } })).data.role).toBe('admin');
    expect((await all(await sdk.scim.listMappings())).map((m) => m.id)).toContain(id);
    expect((await sdk.scim.delete({ id, keepMembers: true })).deleted).toBe(true);
    await expect(sdk.scim.read({ id })).rejects.toMatchObject({ statusCode: 404 });
  });
});
