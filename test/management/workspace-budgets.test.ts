import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stateFileOptions } from '../../src/adapter/node/state-file.ts';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.ts';
import { chat, untilRefused } from './until-refused.ts';

const START = Date.UTC(2026, 10, 26, 10);
const DAY = 86_400_000;
const MANAGEMENT = { authorization: 'Bearer sk-gw-management', 'content-type': 'application/json' };
const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-workspace-budgets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function call(gw: Gateway, method: string, path: string, body?: unknown) {
  const response = await gw.fetch(path, { method, headers: MANAGEMENT, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as any) };
}

/** A workspace with one key of no limit of its own: only the workspace's budget can stop it. */
async function workspaceWithKey(gw: Gateway, slug: string) {
  const ws = (await call(gw, 'POST', '/workspaces', { name: slug, slug })).body.data as { id: string };
  const key = (await call(gw, 'POST', '/keys', { name: `${slug} key`, workspace_id: ws.id })).body as { key: string; data: { hash: string } };
  return { ws, secret: key.key, hash: key.data.hash };
}

const usageOf = async (gw: Gateway, hash: string) => (await call(gw, 'GET', `/keys/${hash}`)).body.data as { usage: number; usage_daily: number };

describe('a workspace budget takes effect (issue 38 item 5, done when)', () => {
  it('refuses with 402 the request that passes its daily budget, lets other workspaces through, and starts again the next day', async () => {
    const gw = createGateway({ clock: virtualClock(START) });
    const { ws, secret, hash } = await workspaceWithKey(gw, 'capped');
    const other = await workspaceWithKey(gw, 'free');
    expect((await call(gw, 'PUT', `/workspaces/${ws.id}/budgets/daily`, { limit_usd: 0.0003 })).status).toBe(200);
    const { served, refused } = await untilRefused(gw, secret);
    expect(served).toBeGreaterThan(0);
    expect(refused.status).toBe(402);
    const body = (await refused.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(402);
    expect(body.error.message).toMatch(/workspace .*daily budget of \$0\.0003/);
    expect((await usageOf(gw, hash)).usage).toBeLessThanOrEqual(0.0003);
    expect((await chat(gw, other.secret)).status).toBe(200);
    await gw.control.advanceClock(DAY);
    expect((await chat(gw, secret)).status).toBe(200);
    // Deleting the budget lifts it at once.
    await untilRefused(gw, secret);
    expect((await call(gw, 'DELETE', `/workspaces/${ws.id}/budgets/daily`)).status).toBe(200);
    expect((await chat(gw, secret)).status).toBe(200);
  });

  it('holds the budget with the key limit: concurrent requests never spend past it', async () => {
    const gw = createGateway({ clock: virtualClock(START) });
    const { ws, secret, hash } = await workspaceWithKey(gw, 'rush');
    await call(gw, 'PUT', `/workspaces/${ws.id}/budgets/lifetime`, { limit_usd: 0.0001 });
    const answers = await Promise.all(Array.from({ length: 30 }, () => chat(gw, secret)));
    const statuses = answers.map((a) => a.status);
    await Promise.all(answers.map((a) => a.arrayBuffer()));
    expect(statuses).toContain(200);
    expect(statuses).toContain(402);
    expect((await usageOf(gw, hash)).usage).toBeLessThanOrEqual(0.0001);
  });

  it('survives a restart with a state file: the budget is listed and refuses again; members and BYOK credentials (no raw key in the file) come back', async () => {
    const file = join(dir, 'budgets.log');
    const open = async () => {
      const clock = virtualClock(START);
      const state = await stateFileOptions(file, clock);
      return { gw: createGateway({ clock, management: state.management }), state };
    };
    const first = await open();
    const { ws, secret } = await workspaceWithKey(first.gw, 'kept');
    await call(first.gw, 'POST', `/workspaces/${ws.id}/members/add`, { user_ids: ['user_gatewaykit0000000000000001'] });
    expect((await call(first.gw, 'PUT', `/workspaces/kept/budgets/weekly`, { limit_usd: 0.0002, include_byok_in_budgets: true })).status).toBe(200);
    const credential = (await call(first.gw, 'POST', '/byok', { provider: 'openai', key: 'sk-raw-provider-key-kept-out', workspace_id: ws.id })).body.data;
    await first.state.log.close();
    expect(readFileSync(file, 'utf8')).not.toContain('sk-raw-provider-key-kept-out');
    const second = await open();
    expect((await call(second.gw, 'GET', `/workspaces/${ws.id}/budgets/weekly`)).body).toMatchObject({
      data: { limit_usd: 0.0002 },
      include_byok_in_budgets: true,
    });
    expect((await call(second.gw, 'GET', `/byok/${credential.id}`)).body.data).toEqual(credential);
    expect((await call(second.gw, 'GET', `/workspaces/kept/members`)).body.data.map((m: { user_id: string }) => m.user_id)).toEqual([
      'user_gatewaykit0000000000000001',
    ]);
    const { served, refused } = await untilRefused(second.gw, secret);
    expect(served).toBeGreaterThan(0);
    expect(refused.status).toBe(402);
    await second.state.log.close();
  });
});
