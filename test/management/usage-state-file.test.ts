import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/index.ts';
import { stateFileOptions } from '../../src/adapter/node/state-file.ts';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.ts';

const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-usage-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MANAGEMENT = { authorization: 'Bearer sk-gw-management', 'content-type': 'application/json' };
const START = Date.UTC(2026, 10, 26, 10);

async function open(file: string) {
  const clock = virtualClock(START);
  const state = await stateFileOptions(file, clock);
  const gw = createGateway({ clock, videoJobs: state.videoJobs, management: state.management });
  return Object.assign(gw, { close: () => state.log.close() });
}

async function call(gw: Gateway, method: string, path: string, body?: unknown) {
  const response = await gw.fetch(path, { method, headers: MANAGEMENT, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: response.status, body: (await response.json()) as any };
}

const chat = async (gw: Gateway, secret: string) =>
  (
    await gw.fetch('/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', max_tokens: 16, messages: [{ role: 'user', content: 'Say hello.' }] }),
    })
  ).status;

describe('what keys and workspaces spent survives a restart with a state file', () => {
  it("a key's usage and its workspace's spending come back: the limit and the budget still refuse; a control reset forgets both", async () => {
    const file = join(dir, 'usage.log');
    const first = await open(file);
    const workspace = (await call(first, 'POST', '/workspaces', { name: 'Team', slug: 'team' })).body.data.id;
    expect((await call(first, 'PUT', `/workspaces/${workspace}/budgets/daily`, { limit_usd: 0.00002 })).status).toBe(200);
    const limited = (await call(first, 'POST', '/keys', { name: 'limited', limit: 0.00002, limit_reset: 'daily' })).body;
    const member = (await call(first, 'POST', '/keys', { name: 'member', workspace_id: workspace })).body;
    expect(await chat(first, limited.key)).toBe(200);
    expect(await chat(first, member.key)).toBe(200);
    const spent = (await call(first, 'GET', `/keys/${limited.data.hash}`)).body.data;
    expect(spent.usage_daily).toBeGreaterThan(0);
    const credits = (await first.fetch('/credits', { headers: MANAGEMENT }).then((r) => r.json())) as { data: { total_usage: number } };
    await first.close();

    const second = await open(file);
    const restored = (await call(second, 'GET', `/keys/${limited.data.hash}`)).body.data;
    expect({ usage: restored.usage, usage_daily: restored.usage_daily, limit_remaining: restored.limit_remaining }).toEqual({
      usage: spent.usage,
      usage_daily: spent.usage_daily,
      limit_remaining: spent.limit_remaining,
    });
    const after = (await second.fetch('/credits', { headers: MANAGEMENT }).then((r) => r.json())) as { data: { total_usage: number } };
    expect(after.data.total_usage).toBeCloseTo(credits.data.total_usage, 12);
    // Neither the key's limit nor the workspace's budget affords a second answer the same day.
    expect(await chat(second, limited.key)).toBe(402);
    expect(await chat(second, member.key)).toBe(402);
    await second.control.reset();
    await second.close();

    const third = await open(file);
    expect((await call(third, 'GET', '/keys')).body.data.map((k: { name: string }) => k.name)).not.toContain('limited');
    expect(((await third.fetch('/credits', { headers: MANAGEMENT }).then((r) => r.json())) as { data: { total_usage: number } }).data.total_usage).toBe(0);
    await third.close();
  });
});
