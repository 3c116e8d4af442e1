import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.ts';
import { replayFolders } from './replay-folders.ts';

// Hostile replay folders that stop `gatewaykit serve` as a process (exit 2): run with the other CLI
// processes in the e2e project. The folders read in process are in hostile-replay.test.ts.
const { cassette, folder, remove } = replayFolders('gatewaykit-hostile-replay-cli-');
afterAll(remove);

describe('issue 25.6 hostile replay folders', () => {
  it('serve --replay exits 2 before listening on a FIFO and on an unanswerable cassette, naming the file', async () => {
    for (const make of [
      (f: string) => void spawnSync('mkfifo', [f]),
      (f: string) =>
        writeFileSync(
          f,
          cassette((c) => (c.response.status = 101)),
        ),
    ]) {
      const { dir, file } = folder('0002-hostile.json', make);
      const run = runCli(['serve', '--port', '0', '--replay', dir]);
      expect(await run.exited).toBe(2);
      expect(run.err()).toContain(file);
      expect(run.out()).not.toMatch(/listening/);
    }
  }, 30_000);
});
