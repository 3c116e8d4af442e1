import { lstatSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readStateFile } from '../../src/adapter/node/state-file.ts';
import { runCli } from '../cli/run-cli.ts';

// `gatewaykit serve` on a state file, started as a process: run with the other CLI processes in
// the e2e project. The state file read in process is in state-file.test.ts.
const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-durable-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const headers = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };

describe('durable video state (F3, F4, F5): serve', () => {
  it('serve exits 2 on a corrupt state file, before listening, with the file and the problem (no stack)', async () => {
    const file = join(dir, 'serve-bad.json');
    writeFileSync(file, '{"version":1,"videos":{"version":1,"saved_at":0,"seq":0,"jobs":[{}]}}');
    const run = runCli(['serve', '--port', '0', '--state-file', file]);
    expect(await run.exited).toBe(2);
    expect(run.err()).toContain(file);
    expect(run.err()).toMatch(/videos\.jobs\[0\]/);
    expect(run.err()).not.toMatch(/ZodError|\n\s+at /);
    expect(run.out()).not.toMatch(/listening/);
  }, 20_000);

  describe('issue 25.2 one owner per state file', () => {
    it('serve: a second server on the same --state-file exits 2 before listening, naming the owner pid; the first keeps every job', async () => {
      const file = join(dir, 'two-servers.log');
      const first = runCli(['serve', '--port', '0', '--clock', 'virtual', '--state-file', file]);
      try {
        const base = await first.listening();
        const ids: string[] = [];
        for (let i = 0; i < 5; i++) {
          const res = await fetch(`${base}/videos`, { method: 'POST', headers, body: JSON.stringify({ model: 'google/veo-3.1', prompt: `p${i}` }) });
          ids.push(((await res.json()) as { id: string }).id);
        }
        const second = runCli(['serve', '--port', '0', '--clock', 'virtual', '--state-file', file]);
        expect(await second.exited).toBe(2);
        expect(second.err()).toContain(file);
        expect(second.err()).toContain(`in use by process ${first.child.pid}`);
        expect(second.out()).not.toMatch(/listening/);
        expect(await first.stop()).toBe(0);
        expect(readStateFile(file)!.videos.jobs.map((j) => j.id)).toEqual(ids);
        expect(() => lstatSync(`${file}.lock`)).toThrow(/ENOENT/);
      } finally {
        await first.stop();
      }
    }, 30_000);
  });
});
