import { describe, expect, test } from 'vitest';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import { virtualClock } from '../../src/clock/virtual-clock.ts';

const MANAGEMENT = { authorization: 'Bearer sk-gw-management', 'content-type': 'application/json' };

describe('the management plane in the inspector', () => {
  test('GET /__gatewaykit/management shows every key and waiting code, without a secret; the page has the section', async () => {
    const gw = createGateway({ clock: virtualClock(Date.UTC(2026, 10, 26, 10)) });
    const created = (await (await gw.fetch('/keys', { method: 'POST', headers: MANAGEMENT, body: JSON.stringify({ name: 'shown', limit: 2 }) })).json()) as {
      key: string;
      data: { hash: string };
    };
    await gw.fetch('/auth/keys/code', {
      method: 'POST',
      headers: MANAGEMENT,
      body: JSON.stringify({ callback_url: 'https://app.example/cb', code_challenge: 'abc', limit: 1 }),
    });
    await gw.fetch('/presets/shown/responses', { method: 'POST', headers: MANAGEMENT, body: JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'x' }) });
    const answer = await gw.fetch('/__gatewaykit/management');
    const text = await answer.text();
    expect(answer.status).toBe(200);
    const state = JSON.parse(text) as { keys: Array<Record<string, unknown>>; codes: Array<Record<string, unknown>>; presets: Array<Record<string, unknown>> };
    expect(state.presets).toEqual([expect.objectContaining({ slug: 'shown', latest_version: 1, versions_kept: 1, model: 'openai/gpt-4o-mini' })]);
    expect(state.keys.map((k) => k.name)).toEqual([
      'ordinary key, ample credits',
      'management key',
      '402 on paid operations',
      '1 request per 2 s, then 429 with Retry-After',
      'shown',
    ]);
    expect(state.keys.at(-1)).toMatchObject({ hash: created.data.hash, limit: 2, usage: 0, source: 'api' });
    expect(state.codes).toHaveLength(1);
    expect(state.codes[0]).toMatchObject({ limit: 1, code_challenge_method: 'plain' });
    expect(text).not.toContain(created.key);
    expect(text).not.toContain('sk-gw-test');
    expect(text).not.toContain('"abc"');
    const guardrail = await gw.fetch('/guardrails', { method: 'POST', headers: MANAGEMENT, body: JSON.stringify({ name: 'shown guardrail' }) });
    expect(guardrail.status).toBe(201);
    const withGuardrail = (await (await gw.fetch('/__gatewaykit/management')).json()) as { guardrails: { guardrails: Array<{ name: string }> } };
    expect(withGuardrail.guardrails.guardrails.map((g) => g.name)).toEqual(['shown guardrail']);
    const page = await (await gw.fetch('/__gatewaykit/')).text();
    expect(page).toContain('id="guardrail-count"');
    expect(page).toContain('id="key-rows"');
    expect(page).toContain('id="preset-list"');
  });

  test('GET /__gatewaykit/management shows the workspaces with their members and budgets, and what each budget has spent', async () => {
    const gw = createGateway({ clock: virtualClock(Date.UTC(2026, 10, 26, 10)) });
    const call = (method: string, path: string, body: unknown) => gw.fetch(path, { method, headers: MANAGEMENT, body: JSON.stringify(body) });
    const ws = (await (await call('POST', '/workspaces', { name: 'Shown', slug: 'shown' })).json()) as { data: { id: string } };
    await call('POST', '/workspaces/shown/members/add', { user_ids: ['user_gatewaykit0000000000000001', 'user_gatewaykit0000000000000002'] });
    await call('PUT', '/workspaces/shown/budgets/daily', { limit_usd: 5 });
    const key = (await (await call('POST', '/keys', { name: 'k', workspace_id: ws.data.id })).json()) as { key: string };
    const chat = await gw.fetch('/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] }),
    });
    expect(chat.status).toBe(200);
    const cost = ((await chat.json()) as { usage: { cost: number } }).usage.cost;
    const state = (await (await gw.fetch('/__gatewaykit/management')).json()) as { workspaces: Array<Record<string, any>> };
    expect(state.workspaces.map((w) => w.slug)).toEqual(['default', 'shown']);
    expect(state.workspaces[1]).toMatchObject({ name: 'Shown', members: 2, budgets: [{ interval: 'daily', limit_usd: 5, spent: cost }] });
    expect(await (await gw.fetch('/__gatewaykit/')).text()).toContain('id="workspace-rows"');
  });
});
