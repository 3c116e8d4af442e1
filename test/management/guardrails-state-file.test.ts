import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/index.ts';
import { stateFileOptions } from '../../src/adapter/node/state-file.ts';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.ts';

const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-guardrails-state-'));
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
  return { status: response.status, body: (await response.json()) as any };
}

describe('guardrails survive a restart with a state file', () => {
  it('guardrails, their key and member assignments come back; deleted ones and unassigned ones stay gone; ids never repeat', async () => {
    const file = join(dir, 'state.log');
    const first = await open(file);
    const kept = (await call(first, 'POST', '/guardrails', { name: 'kept', allowed_models: ['openai/gpt-4o-mini'] })).body.data;
    const gone = (await call(first, 'POST', '/guardrails', { name: 'gone' })).body.data;
    const key = (await call(first, 'POST', '/keys', { name: 'governed' })).body;
    const other = (await call(first, 'POST', '/keys', { name: 'freed' })).body;
    await call(first, 'POST', `/guardrails/${kept.id}/assignments/keys`, { key_hashes: [key.data.hash, other.data.hash] });
    await call(first, 'POST', `/guardrails/${kept.id}/assignments/keys/remove`, { key_hashes: [other.data.hash] });
    await call(first, 'POST', `/guardrails/${kept.id}/assignments/members`, { member_user_ids: ['user_gatewaykit0000000000000001'] });
    await call(first, 'POST', `/guardrails/${gone.id}/assignments/members`, { member_user_ids: ['user_gatewaykit0000000000000002'] });
    expect((await call(first, 'DELETE', `/guardrails/${gone.id}`)).status).toBe(200);

    await first.close();
    const second = await open(file);
    expect((await call(second, 'GET', '/guardrails')).body.data).toEqual([kept]);
    const keys = (await call(second, 'GET', '/guardrails/assignments/keys')).body;
    expect(keys.data.map((a: { key_hash: string }) => a.key_hash)).toEqual([key.data.hash]);
    const members = (await call(second, 'GET', '/guardrails/assignments/members')).body;
    expect(members.data.map((a: { user_id: string }) => a.user_id)).toEqual(['user_gatewaykit0000000000000001']);
    const fresh = (await call(second, 'POST', '/guardrails', { name: 'after restart' })).body.data;
    expect([kept.id, gone.id]).not.toContain(fresh.id);
    await second.close();
  });
});
