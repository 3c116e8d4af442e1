import { OpenRouter } from '@openrouter/sdk';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGateway, virtualClock } from 'gatewaykit';
import { startServer } from 'gatewaykit/node';

/**
 * The official OpenRouter SDK (`@openrouter/sdk`) at its default settings, but for `serverURL` and
 * `apiKey` (the management key), on every Workspaces and BYOK call it offers. The SDK validates
 * each answer against its own schemas, so a call that returns is a shape it accepts.
 */
const MANAGEMENT_KEY = 'sk-gw-management';
type Mode = 'msw' | 'http';

async function start(mode: Mode): Promise<{ sdk: OpenRouter; close(): Promise<void> }> {
  if (mode === 'http') {
    const server = await startServer({ port: 0, clock: virtualClock() });
    return { sdk: new OpenRouter({ serverURL: server.baseUrl, apiKey: MANAGEMENT_KEY }), close: () => server.close() };
  }
  const gateway = createGateway({ baseUrl: 'http://openrouter-sdk-workspaces.test/api/v1', clock: virtualClock() });
  const server = setupServer(...gateway.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  return { sdk: new OpenRouter({ serverURL: gateway.baseUrl, apiKey: MANAGEMENT_KEY }), close: async () => server.close() };
}

describe.each<Mode>(['msw', 'http'])('@openrouter/sdk workspaces and BYOK (%s)', (mode) => {
  let running: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    running = await start(mode);
  });
  afterAll(() => running.close());

  test('workspaces: create, get, update, list; members add, list, remove; budgets set, get, list, delete; delete', async () => {
    const { sdk } = running;
    const created = await sdk.workspaces.create({ createWorkspaceRequest: { name: 'SDK', slug: 'sdk' } });
    const id = created.data.id;
    expect((await sdk.workspaces.get({ id: 'sdk' })).data.id).toBe(id);
    expect((await sdk.workspaces.update({ id, updateWorkspaceRequest: { name: 'SDK renamed' } })).data.name).toBe('SDK renamed');
    const page = await sdk.workspaces.list({ limit: 10 });
    expect(page.result.data.map((w) => w.slug)).toEqual(['default', 'sdk']);
    const added = await sdk.workspaces.bulkAddMembers({ id, bulkAddWorkspaceMembersRequest: { userIds: ['user_gatewaykit0000000000000001'] } });
    expect(added.addedCount).toBe(1);
    const members = await sdk.workspaces.listMembers({ id });
    expect(members.result.data.map((m) => m.userId)).toEqual(['user_gatewaykit0000000000000001']);
    expect(
      (await sdk.workspaces.bulkRemoveMembers({ id, bulkRemoveWorkspaceMembersRequest: { userIds: ['user_gatewaykit0000000000000001'] } })).removedCount,
    ).toBe(1);
    const set = await sdk.workspaces.setBudget({ workspaceRef: id, interval: 'monthly', upsertWorkspaceBudgetRequest: { limitUsd: 10 } });
    expect(set.data).toMatchObject({ limitUsd: 10, resetInterval: 'monthly', workspaceId: id });
    expect((await sdk.workspaces.getBudget({ workspaceRef: id, interval: 'monthly' })).data.limitUsd).toBe(10);
    expect((await sdk.workspaces.listBudgets({ workspaceRef: id })).data).toHaveLength(1);
    expect((await sdk.workspaces.deleteBudget({ workspaceRef: id, interval: 'monthly' })).deleted).toBe(true);
    expect((await sdk.workspaces.delete({ id })).deleted).toBe(true);
    await expect(sdk.workspaces.get({ id })).rejects.toMatchObject({ statusCode: 404 });
  });

  test('byok: create, get, update, list, delete', async () => {
    const { sdk } = running;
    const created = await sdk.byok.create({ createBYOKKeyRequest: { provider: 'openai', key: 'sk-proj-sdk-0123456789', name: 'SDK credential' } });
    const id = created.data.id;
    expect(created.data).toMatchObject({ provider: 'openai', label: 'sk-...6789', disabled: false });
    expect((await sdk.byok.get({ id })).data.name).toBe('SDK credential');
    expect((await sdk.byok.update({ id, updateBYOKKeyRequest: { disabled: true } })).data.disabled).toBe(true);
    const page = await sdk.byok.list({ provider: 'openai' });
    expect(page.result.data.map((c) => c.id)).toEqual([id]);
    expect((await sdk.byok.delete({ id })).deleted).toBe(true);
    await expect(sdk.byok.get({ id })).rejects.toMatchObject({ statusCode: 404 });
  });
});
