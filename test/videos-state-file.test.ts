import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/index.ts';
import { startServer } from '../src/adapter/node/create-server.ts';
import { readStateFile, stateFileOptions } from '../src/adapter/node/state-file.ts';
import type { VideoJob } from '../src/schemas/videos.ts';
import { jsonHeaders } from './targets.ts';

const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function start(file: string) {
  const clock = virtualClock();
  const server = await startServer({ port: 0, clock, ...(await stateFileOptions(file, clock)) });
  const call = (path: string, init?: RequestInit) =>
    fetch(path.startsWith('/__') ? `${new URL(server.baseUrl).origin}${path}` : `${server.baseUrl}${path}`, init);
  return { server, clock, call };
}

/** This process's open file descriptors that point at `file` (Linux: /proc/self/fd). */
function openDescriptorsOf(file: string): number {
  let n = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`) === file) n++;
    } catch {
      // closed between listing and reading
    }
  }
  return n;
}

describe('--state-file: no accepted job is lost across a restart', () => {
  it.runIf(process.platform === 'linux')("the server's close() finishes and closes the state file it was given", async () => {
    const file = join(dir, 'closed-on-close.log');
    const { server, call } = await start(file);
    const res = await call('/videos', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ model: 'google/veo-3.1', prompt: 'keep me' }) });
    expect(res.status).toBe(202);
    const id = ((await res.json()) as VideoJob).id;
    expect(openDescriptorsOf(file)).toBe(1);
    await server.close();
    expect(openDescriptorsOf(file)).toBe(0);
    expect(readStateFile(file)!.videos.jobs.map((j) => j.id)).toEqual([id]);
  });

  it('keeps every job and its progress; the clock and the id counter resume', async () => {
    const file = join(dir, 'state.json');
    const first = await start(file);
    const ids: string[] = [];
    for (const model of ['google/veo-3.1', 'bytedance/seedance-2.0', 'openai/sora-2']) {
      const res = await first.call('/videos', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ model, prompt: 'keep me' }) });
      expect(res.status).toBe(202);
      ids.push(((await res.json()) as VideoJob).id);
    }
    // Written after each accepted submission, atomically (a complete JSON document every time).
    expect(readStateFile(file)!.videos.jobs.map((j) => j.id)).toEqual(ids);
    await first.call('/__gatewaykit/clock/advance', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms: 30_000 }) });
    await first.call(`/__gatewaykit/videos/${ids[2]}/cancel`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    const before = await Promise.all(ids.map(async (id) => (await (await first.call(`/videos/${id}`, { headers: jsonHeaders() })).json()) as VideoJob));
    expect(before.map((j) => j.status)).toEqual(['in_progress', 'completed', 'cancelled']);
    await first.server.close();

    const second = await start(file);
    try {
      // Time does not run backwards: the virtual clock resumes from the saved reading.
      expect(second.clock.now()).toBeGreaterThanOrEqual(first.clock.now());
      const after = await Promise.all(ids.map(async (id) => (await (await second.call(`/videos/${id}`, { headers: jsonHeaders() })).json()) as VideoJob));
      expect(after.map((j) => j.status)).toEqual(['in_progress', 'completed', 'cancelled']);
      expect(after[1]).toMatchObject({ usage: before[1]!.usage, generation_id: before[1]!.generation_id });
      // Progress continues after the restart.
      await second.clock.advance(60_000);
      const veo = (await (await second.call(`/videos/${ids[0]}`, { headers: jsonHeaders() })).json()) as VideoJob;
      expect(veo.status).toBe('completed');
      expect((await second.call(`/videos/${ids[0]}/content`, { headers: jsonHeaders() })).status).toBe(200);
      // A new submission gets a fresh id (the counter was kept), and is saved next to the others.
      const res = await second.call('/videos', {
        method: 'POST',
        headers: jsonHeaders(),
        body: JSON.stringify({ model: 'google/veo-3.1', prompt: 'keep me' }),
      });
      const fresh = ((await res.json()) as VideoJob).id;
      expect(ids).not.toContain(fresh);
      expect(readStateFile(file)!.videos.jobs.map((j) => j.id)).toEqual([...ids, fresh]);
    } finally {
      await second.server.close();
    }
  });

  it('resumes a pending webhook after a restart', async () => {
    const file = join(dir, 'hooks.json');
    const deliveries: string[] = [];
    const clock = virtualClock();
    const webhooks = {
      allowInsecureLocalhost: true,
      fetch: (async (_url: string, init: RequestInit) => {
        deliveries.push(String(init.body));
        return new Response(null, { status: 204 });
      }) as unknown as typeof fetch,
    };
    const first = await startServer({ port: 0, clock, webhooks, ...(await stateFileOptions(file, clock)) });
    const res = await fetch(`${first.baseUrl}/videos`, {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ model: 'google/veo-3.1', prompt: 'x', callback_url: 'https://hooks.example.com/in' }),
    });
    const { id } = (await res.json()) as VideoJob;
    await first.close();
    expect(deliveries).toHaveLength(0);

    const clock2 = virtualClock();
    const second = await startServer({ port: 0, clock: clock2, webhooks, ...(await stateFileOptions(file, clock2)) });
    try {
      await clock2.advance(120_000);
      await second.gateway.videos.webhooksIdle();
      expect(deliveries).toHaveLength(1);
      expect(JSON.parse(deliveries[0]!)).toMatchObject({ type: 'video.generation.completed', data: { id } });
      expect(readStateFile(file)!.videos.jobs[0]!.webhook).toMatchObject({ delivered: 'completed', attempts: 1 });
    } finally {
      await second.close();
    }
  });

  it('refuses a corrupt state file instead of starting empty', async () => {
    const file = join(dir, 'bad.json');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, '{"version": 2}');
    await expect(stateFileOptions(file)).rejects.toThrow(/not a gatewaykit state file/);
  });
});
