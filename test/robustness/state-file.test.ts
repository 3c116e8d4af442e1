import { spawnSync } from 'node:child_process';
import { appendFileSync, lstatSync, mkdtempSync, readlinkSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStateLog, StateFileError } from '../../src/adapter/node/state-log.ts';
import { readStateFile, stateFileOptions } from '../../src/adapter/node/state-file.ts';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import type { VideoJobsPersistence } from '../../src/videos/video-jobs.ts';

const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-durable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const headers = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };
const submit = (gateway: ReturnType<typeof createGateway>, prompt = 'keep me') =>
  gateway.fetch('/videos', { method: 'POST', headers, body: JSON.stringify({ model: 'google/veo-3.1', prompt }) });
const leftovers = () => readdirSync(dir).filter((n) => n.endsWith('.tmp'));

async function gatewayOn(file: string) {
  const clock = virtualClock();
  const state = await stateFileOptions(file, clock);
  return { gateway: createGateway({ baseUrl: 'http://gw.test/api/v1', clock, videoJobs: state.videoJobs }), state };
}

describe('durable video state (F3, F4, F5)', () => {
  it('a 202 only once the job is written; a failed write is a 503 in the envelope and loses nothing accepted before', async () => {
    let failing = false;
    const saved: string[] = [];
    const persistence: VideoJobsPersistence = {
      save: async (change) => {
        if (failing) throw new Error('ENOSPC');
        if (change.kind === 'job') saved.push(change.job.id);
      },
    };
    const gateway = createGateway({ baseUrl: 'http://gw.test/api/v1', clock: virtualClock(), videoJobs: { persistence } });
    const accepted: string[] = [];
    for (let i = 0; i < 5; i++) accepted.push((await (await submit(gateway)).json()).id);
    failing = true;
    for (let i = 0; i < 5; i++) {
      const res = await submit(gateway);
      expect(res.status).toBe(503);
      const body = await res.json();
      expect(body.error.message).toMatch(/could not be saved \(ENOSPC\); it was not accepted/);
      expect(res.headers.get('retry-after')).not.toBeNull();
    }
    expect(saved).toEqual(accepted);
    expect(gateway.videos.list().map((j) => j.id)).toEqual(accepted);
  });

  it('the file log: a failed write is cut back; after a restart every acknowledged job is there, nothing else', async () => {
    const file = join(dir, 'enospc.log');
    const first = await gatewayOn(file);
    const ok: string[] = [];
    for (let i = 0; i < 20; i++) ok.push((await (await submit(first.gateway)).json()).id);
    // The disk fills up: the next writes get half their bytes out, then ENOSPC.
    const handle = await open(file, 'r');
    const proto = Object.getPrototypeOf(handle) as { write: (...args: unknown[]) => Promise<unknown> };
    await handle.close();
    const realWrite = proto.write;
    proto.write = async function (this: unknown, data: unknown, ...rest: unknown[]) {
      if (typeof data === 'string' && data.includes('"job"')) {
        await realWrite.call(this, data.slice(0, Math.floor(data.length / 2)), ...rest);
        throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      }
      return realWrite.call(this, data, ...rest);
    };
    let refused = 0;
    try {
      for (let i = 0; i < 10; i++) if ((await submit(first.gateway)).status === 503) refused++;
    } finally {
      proto.write = realWrite;
    }
    expect(refused).toBe(10);
    const after = (await (await submit(first.gateway)).json()).id; // space again
    await first.state.log.close();
    const restored = readStateFile(file)!.videos.jobs.map((j) => j.id);
    expect(restored).toEqual([...ok, after]);
    const second = await gatewayOn(file);
    expect(second.state.repaired).toEqual([]);
    expect(second.gateway.videos.list().map((j) => j.id)).toEqual([...ok, after]);
    await second.state.log.close();
    expect(leftovers()).toEqual([]);
  });

  it('issue 25.4 a short write (the disk fills mid-line, no error) is finished or refused, never answered 202 torn', async () => {
    const file = join(dir, 'short-write.log');
    const first = await gatewayOn(file);
    const ok: string[] = [];
    for (let i = 0; i < 5; i++) ok.push((await (await submit(first.gateway)).json()).id);
    const handle = await open(file, 'r');
    const proto = Object.getPrototypeOf(handle) as { write: (...args: unknown[]) => Promise<{ bytesWritten: number }> };
    await handle.close();
    const realWrite = proto.write;
    // What write(2) does as a disk fills: part of a line goes out with no error, the next write fails.
    proto.write = async function (this: unknown, data: unknown, ...rest: unknown[]) {
      if (typeof data === 'string' && data.includes('"job"')) {
        const half = Buffer.from(data).subarray(0, Math.floor(Buffer.byteLength(data) / 2));
        return realWrite.call(this, half);
      }
      if (typeof data !== 'string') throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      return realWrite.call(this, data, ...rest);
    };
    const statuses: number[] = [];
    try {
      for (let i = 0; i < 3; i++) statuses.push((await submit(first.gateway)).status);
    } finally {
      proto.write = realWrite;
    }
    expect(statuses).toEqual([503, 503, 503]);
    ok.push((await (await submit(first.gateway)).json()).id); // space again
    await first.state.log.close();
    const second = await gatewayOn(file);
    expect(second.state.repaired).toEqual([]);
    expect(second.gateway.videos.list().map((j) => j.id)).toEqual(ok);
    await second.state.log.close();
  });

  it('recovers from a torn last record (a crash mid-write) and keeps appending cleanly', async () => {
    const file = join(dir, 'torn.log');
    const first = await gatewayOn(file);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await (await submit(first.gateway)).json()).id);
    await first.state.log.close();
    appendFileSync(file, '{"job":{"id":"vid_torn","seq":9'); // cut short, never acknowledged
    const second = await gatewayOn(file);
    expect(second.state.repaired[0]).toMatch(/dropped a torn last record/);
    expect(second.gateway.videos.list().map((j) => j.id)).toEqual(ids);
    const next = (await (await submit(second.gateway)).json()).id;
    await second.state.log.close();
    expect(readStateFile(file)!.videos.jobs.map((j) => j.id)).toEqual([...ids, next]);
  });

  it.each([
    ['an invalid job (F5)', '{"version":1,"videos":{"version":1,"saved_at":0,"seq":0,"jobs":[{}]}}', /videos\.jobs\[0\]: .*id/],
    ['a negative seq (F5)', '{"version":1,"videos":{"version":1,"saved_at":0,"seq":-5,"jobs":[]}}', /videos\.seq: must be a whole number >= 0/],
    ['truncated JSON (F5)', '{"version":1,"videos":{"version":1,"saved_at":0,"seq":0,"jo', /not valid JSON/],
    ['a foreign file', 'hello\nworld\n', /not a gatewaykit state file/],
    ['another JSON document', '{"version": 2}', /not a gatewaykit state file/],
    ['a corrupt record before good ones', '{"format":"gatewaykit-state","version":2}\n{"seq":1,"at":0,"job":{}}\n{"seq":1,"at":0}\n', /line 2: job: /],
    ['a newer format', '{"format":"gatewaykit-state","version":9}\n', /version 9 is not supported/],
  ])('refuses %s before listening, naming the file and the problem', async (_name, content, problem) => {
    const file = join(dir, `bad-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, content);
    const error = await openStateLog(file).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StateFileError);
    expect((error as StateFileError).message.startsWith(file)).toBe(true);
    expect((error as StateFileError).problem).toMatch(problem);
    expect(readFileSync(file, 'utf8')).toBe(content); // left as it was
  });

  it('converts a one-document state file to a log, keeping its jobs', async () => {
    const file = join(dir, 'legacy.json');
    const source = await gatewayOn(join(dir, 'legacy-source.log'));
    const id = (await (await submit(source.gateway)).json()).id;
    await source.state.log.close();
    writeFileSync(file, JSON.stringify({ version: 1, videos: readStateFile(join(dir, 'legacy-source.log'))!.videos }));
    const opened = await gatewayOn(file);
    expect(opened.state.repaired[0]).toMatch(/converted/);
    expect(opened.gateway.videos.list().map((j) => j.id)).toEqual([id]);
    await opened.state.log.close();
    expect(readFileSync(file, 'utf8').split('\n')[0]).toBe('{"format":"gatewaykit-state","version":2}');
  });

  it('compacts: the file stays proportional to the live jobs, and lookups stay correct', async () => {
    const file = join(dir, 'compact.log');
    const { gateway, state } = await gatewayOn(file);
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push((await (await submit(gateway)).json()).id);
    // Many changes of few jobs (clock moves are records too).
    for (let i = 0; i < 1200; i++)
      await gateway.fetch('/__gatewaykit/clock/advance', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"ms":1}' });
    await state.log.idle();
    expect(state.log.stats().compactions).toBeGreaterThan(0);
    expect(state.log.stats().lines).toBeLessThan(1300);
    await state.log.close();
    expect(readStateFile(file)!.videos.jobs.map((j) => j.id)).toEqual(ids);
    expect(statSync(file).size).toBeLessThan(400 * 1024);
    expect(leftovers()).toEqual([]);
  });

  describe('issue 25.2 one owner per state file', () => {
    it('a second open is refused while the first holds the file, naming the owner; closing releases it', async () => {
      const file = join(dir, 'owned.log');
      const first = await gatewayOn(file);
      const id = (await (await submit(first.gateway)).json()).id;
      const error = await openStateLog(file).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StateFileError);
      expect((error as StateFileError).problem).toMatch(/^in use by this process .*one server per state file \(lock file .*owned\.log\.lock\)/);
      expect(readlinkSync(`${file}.lock`)).toMatch(new RegExp(`^pid ${process.pid} started \\d+$`));
      await first.state.log.close();
      expect(() => lstatSync(`${file}.lock`)).toThrow(/ENOENT/);
      const second = await gatewayOn(file);
      expect(second.gateway.videos.list().map((j) => j.id)).toEqual([id]);
      await second.state.log.close();
    });

    it('a stale lock (its owner is dead, or an earlier process with our pid) is taken over and said so', async () => {
      const dead = spawnSync(process.execPath, ['-e', '']).pid!;
      for (const [name, content] of [
        ['dead', `pid ${dead} started 0\n`],
        ['reused-pid', `pid ${process.pid} started 1000\n`],
        ['foreign', 'garbage'],
      ] as const) {
        const file = join(dir, `stale-${name}.log`);
        writeFileSync(`${file}.lock`, content);
        const opened = await gatewayOn(file);
        expect(opened.state.repaired[0]).toMatch(/took over the lock of .*no longer running/);
        expect(readlinkSync(`${file}.lock`)).toMatch(new RegExp(`^pid ${process.pid} started`));
        await opened.state.log.close();
      }
    });
  });
});
