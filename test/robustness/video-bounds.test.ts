import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readStateFile, stateFileOptions } from '../../src/adapter/node/state-file.ts';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import { MAX_VIDEO_PASSTHROUGH_JSON_BYTES } from '../../src/schemas/videos.ts';
import { jsonHeaders, startTarget, TARGET_KINDS } from '../targets.ts';

/** Issue 25.3: every stored job field bounded, the number of jobs bounded, listings paged. */
const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-bounds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const headers = jsonHeaders();
type Gw = ReturnType<typeof createGateway>;
const submit = (gateway: Gw, extra: Record<string, unknown> = {}) =>
  gateway.fetch('/videos', { method: 'POST', headers, body: JSON.stringify({ model: 'google/veo-3.1', prompt: 'p', ...extra }) });
const idOf = async (res: Response) => {
  expect(res.status).toBe(202);
  return ((await res.json()) as { id: string }).id;
};
const listing = async (gateway: Gw, query = '') =>
  (await gateway.fetch(`http://gw.test/__gatewaykit/videos${query}`)).json() as Promise<{
    data: Array<{ id: string }>;
    has_more: boolean;
    next_after: string | null;
    total: number;
  }>;

describe.each(TARGET_KINDS)('issue 25.3 stored job fields are bounded (%s)', (kind) => {
  const big = 'x'.repeat(MAX_VIDEO_PASSTHROUGH_JSON_BYTES);
  it.each([
    ['trace', { trace: { blob: big } }, /^trace: at most 16384 bytes as JSON/],
    ['provider.options', { provider: { options: { 'google-vertex': { blob: big } } } }, /^provider\.options: at most 16384 bytes as JSON/],
    [
      'provider.options of another provider (stored nowhere, still bounded)',
      { provider: { options: { other: { blob: big } } } },
      /^provider\.options: at most/,
    ],
    ['callback_url', { callback_url: `https://hooks.example/${'a'.repeat(2100)}` }, /^callback_url: at most 2048 characters/],
    ['prompt', { prompt: 'y'.repeat(32_001) }, /^prompt: at most 32000 characters/],
  ])('%s past its bound is a 400 naming the field', async (_name, extra, message) => {
    const target = await startTarget(kind);
    try {
      const res = await target.fetch('/videos', { method: 'POST', headers, body: JSON.stringify({ model: 'google/veo-3.1', prompt: 'p', ...extra }) });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(message);
      expect(target.gateway.videos.list()).toHaveLength(0);
    } finally {
      await target.close();
    }
  });

  it('each field at its bound is accepted', async () => {
    const target = await startTarget(kind);
    try {
      const fit = 'x'.repeat(MAX_VIDEO_PASSTHROUGH_JSON_BYTES - 40);
      const res = await target.fetch('/videos', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          model: 'google/veo-3.1',
          prompt: 'y'.repeat(32_000),
          trace: { b: fit },
          provider: { options: { 'google-vertex': { b: fit } } },
          callback_url: `https://hooks.example/${'a'.repeat(2000)}`,
        }),
      });
      expect(res.status).toBe(202);
    } finally {
      await target.close();
    }
  });
});

describe('issue 25.3 the number of jobs kept is bounded; the oldest finished jobs are evicted', () => {
  it('past maxJobs the oldest terminal jobs are forgotten (404 after), newer ones kept', async () => {
    const clock = virtualClock();
    const gateway = createGateway({ baseUrl: 'http://gw.test/api/v1', clock, videoJobs: { bounds: { maxJobs: 5 } } });
    const first: string[] = [];
    for (let i = 0; i < 5; i++) first.push(await idOf(await submit(gateway)));
    await clock.advance(3_600_000);
    const next: string[] = [];
    for (let i = 0; i < 3; i++) next.push(await idOf(await submit(gateway)));
    expect(gateway.videos.list().map((j) => j.id)).toEqual([...first.slice(3), ...next]);
    expect((await gateway.fetch(`/videos/${first[0]}`, { headers })).status).toBe(404);
    expect((await gateway.fetch(`/videos/${first[3]}`, { headers })).status).toBe(200);
  });

  it('pending jobs and jobs that still owe a webhook are never evicted: the submit gets 503 instead', async () => {
    const clock = virtualClock();
    const failing = (async () => new Response('no', { status: 500 })) as unknown as typeof fetch;
    const gateway = createGateway({
      baseUrl: 'http://gw.test/api/v1',
      clock,
      webhooks: { fetch: failing, maxAttempts: 3, initialBackoffMs: 1e9 },
      videoJobs: { bounds: { maxJobs: 3 } },
    });
    const owed = await idOf(await submit(gateway, { callback_url: 'https://hooks.example/h' }));
    await clock.advance(3_600_000); // finished; first delivery fails, a retry is owed
    await gateway.videos.webhooksIdle();
    await idOf(await submit(gateway));
    await idOf(await submit(gateway));
    const full = await submit(gateway);
    expect(full.status).toBe(503);
    expect(full.headers.get('retry-after')).not.toBeNull();
    expect(((await full.json()) as { error: { message: string } }).error.message).toMatch(/video job store is full \(3 jobs, .*at most 3 jobs/);
    expect(gateway.videos.get(owed)).toBeDefined();
  });

  it('the byte bound counts too', async () => {
    const clock = virtualClock();
    const gateway = createGateway({ baseUrl: 'http://gw.test/api/v1', clock, videoJobs: { bounds: { maxBytes: 40_000 } } });
    const blob = 'z'.repeat(15_000);
    const a = await idOf(await submit(gateway, { trace: { blob } }));
    await idOf(await submit(gateway, { trace: { blob } }));
    expect((await submit(gateway, { trace: { blob } })).status).toBe(503); // both pending
    await clock.advance(3_600_000);
    await idOf(await submit(gateway, { trace: { blob } }));
    expect(gateway.videos.get(a)).toBeUndefined();
    expect(gateway.videos.list()).toHaveLength(2);
  });

  it('a state file: evicted jobs stay gone after a restart and after compaction; nothing accepted is lost', async () => {
    const file = join(dir, 'evict.log');
    const clock = virtualClock();
    let state = await stateFileOptions(file, clock);
    const bounds = { maxJobs: 50 };
    let gateway = createGateway({ baseUrl: 'http://gw.test/api/v1', clock, videoJobs: { ...state.videoJobs, bounds } });
    let last: string[] = [];
    // Rounds of 50 concurrent submissions (they share syncs), each round finishing the last.
    for (let round = 0; round < 24; round++) {
      last = await Promise.all(Array.from({ length: 50 }, async () => idOf(await submit(gateway))));
      await clock.advance(3_600_000);
    }
    await state.log.idle();
    expect(state.log.stats().compactions).toBeGreaterThan(0);
    const kept = gateway.videos.list().map((j) => j.id);
    expect([...kept].sort()).toEqual([...last].sort());
    await state.log.close();
    expect(readStateFile(file)!.videos.jobs.map((j) => j.id)).toEqual(kept);
    state = await stateFileOptions(file, clock);
    gateway = createGateway({ baseUrl: 'http://gw.test/api/v1', clock, videoJobs: { ...state.videoJobs, bounds } });
    await gateway.videos.ready;
    expect(gateway.videos.list().map((j) => j.id)).toEqual(kept);
    await state.log.close();
  });

  it('a 17 MiB trace under a 32 MiB body limit is refused (400), so the state file stays readable', async () => {
    const file = join(dir, 'huge-trace.log');
    const clock = virtualClock();
    const state = await stateFileOptions(file, clock);
    const gateway = createGateway({ baseUrl: 'http://gw.test/api/v1', clock, maxBodyBytes: 32 * 1024 * 1024, videoJobs: state.videoJobs });
    const keptId = await idOf(await submit(gateway));
    const res = await submit(gateway, { trace: { blob: 'q'.repeat(17 * 1024 * 1024) } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/^trace: at most/);
    await state.log.close();
    expect(readStateFile(file)!.videos.jobs.map((j) => j.id)).toEqual([keptId]);
  });
});

describe('issue 25.3 GET /__gatewaykit/videos is paged', () => {
  it('pages of limit jobs with has_more and next_after, oldest or newest first; bad queries are 400s', async () => {
    const gateway = createGateway({ baseUrl: 'http://gw.test/api/v1', clock: virtualClock() });
    const ids: string[] = [];
    for (let i = 0; i < 250; i++) ids.push(await idOf(await submit(gateway)));
    const first = await listing(gateway);
    expect(first.data.map((j) => j.id)).toEqual(ids.slice(0, 100));
    expect(first).toMatchObject({ has_more: true, next_after: ids[99], total: 250 });
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof listing>> = await listing(gateway, `?limit=70${after ? `&after=${after}` : ''}`);
      seen.push(...page.data.map((j) => j.id));
      after = page.next_after;
    } while (after);
    expect(seen).toEqual(ids);
    expect((await listing(gateway, '?order=desc&limit=3')).data.map((j) => j.id)).toEqual(ids.slice(-3).reverse());
    for (const query of ['?limit=0', '?limit=1001', '?limit=x', '?order=sideways', '?after=gen-vid-1-nope']) {
      const res = await gateway.fetch(`http://gw.test/__gatewaykit/videos${query}`);
      expect(res.status).toBe(400);
    }
  });
});
