import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/index.ts';
import { stateFileOptions } from '../../src/adapter/node/state-file.ts';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.ts';

const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-destinations-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MANAGEMENT = { authorization: 'Bearer sk-gw-management', 'content-type': 'application/json' };
const LANGFUSE_SECRET = 'sk-lf-NEVER-IN-THE-FILE-0123456789';
const HOOK_TOKEN = 'Bearer hook-token-KEPT-TO-DELIVER-0123';

async function open(file: string) {
  const clock = virtualClock(Date.UTC(2026, 10, 28, 10));
  const state = await stateFileOptions(file, clock);
  const gw = createGateway({ clock, videoJobs: state.videoJobs, management: state.management });
  return Object.assign(gw, { close: () => state.log.close() });
}

async function call(gw: Gateway, method: string, path: string, body?: unknown) {
  const response = await gw.fetch(path, { method, headers: MANAGEMENT, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: response.status, body: (await response.json()) as any };
}

describe('observability destinations survive a restart with a state file', () => {
  it('created and updated destinations come back, deleted ones stay gone, ids never repeat; only secrets a delivery needs are in the file', async () => {
    const file = join(dir, 'state.log');
    const first = await open(file);
    const langfuse = (
      await call(first, 'POST', '/observability/destinations', {
        type: 'langfuse',
        name: 'lf',
        config: { publicKey: 'pk-lf-0123456789abcdef', secretKey: LANGFUSE_SECRET },
      })
    ).body.data;
    const hook = (
      await call(first, 'POST', '/observability/destinations', {
        type: 'webhook',
        name: 'hook',
        config: { url: 'https://hooks.test/in', headers: { Authorization: HOOK_TOKEN } },
      })
    ).body.data;
    const gone = (await call(first, 'POST', '/observability/destinations', { type: 'webhook', name: 'gone', config: { url: 'https://hooks.test/gone' } })).body
      .data;
    const renamed = (await call(first, 'PATCH', `/observability/destinations/${hook.id}`, { name: 'hook renamed', sampling_rate: 0.5 })).body.data;
    expect((await call(first, 'DELETE', `/observability/destinations/${gone.id}`)).status).toBe(200);
    await first.close();

    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(LANGFUSE_SECRET);
    expect(text).toContain(HOOK_TOKEN);

    const second = await open(file);
    expect((await call(second, 'GET', '/observability/destinations')).body).toEqual({ data: [langfuse, renamed], total_count: 2 });
    expect((await call(second, 'GET', `/observability/destinations/${gone.id}`)).status).toBe(404);
    // The masked secret sent back still changes nothing after the restart.
    const same = await call(second, 'PATCH', `/observability/destinations/${langfuse.id}`, { config: { secretKey: langfuse.config.secretKey } });
    expect(same.body.data.config).toEqual(langfuse.config);
    const fresh = (await call(second, 'POST', '/observability/destinations', { type: 'webhook', name: 'after', config: { url: 'https://hooks.test/after' } }))
      .body.data;
    expect([langfuse.id, hook.id, gone.id]).not.toContain(fresh.id);
    await second.close();
  });
});
