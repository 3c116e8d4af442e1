import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readStateFile } from '../../src/adapter/node/state-file.ts';
import { runCli } from '../cli/run-cli.ts';
import { jsonHeaders } from '../targets.ts';

// `gatewaykit serve` stopped by a signal, as a process: run with the other CLI processes in the
// e2e project. The shutdown of a server in process is in shutdown.test.ts.
const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-shutdown-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const body = JSON.stringify({ model: 'google/veo-3.1', prompt: 'a kite' });

describe('issue 25.5 graceful shutdown', () => {
  it('SIGTERM during a stream of submits: every job in the state file was answered 202 to its client', async () => {
    const file = join(dir, 'sigterm.log');
    const run = runCli(['serve', '--port', '0', '--clock', 'virtual', '--state-file', file]);
    const base = await run.listening();
    let accepted = 0;
    const client = async () => {
      for (;;) {
        const status = await fetch(`${base}/videos`, { method: 'POST', headers: jsonHeaders(), body }).then(
          async (r) => (await r.arrayBuffer(), r.status),
          () => 0,
        );
        if (status === 202) accepted++;
        if (status === 0) return; // the server is gone
      }
    };
    const clients = Array.from({ length: 32 }, client);
    while (accepted < 200) await new Promise((r) => setImmediate(r));
    const exit = run.stop('SIGTERM');
    await Promise.all(clients);
    expect(await exit).toBe(0);
    expect(readStateFile(file)!.videos.jobs).toHaveLength(accepted);
  }, 60_000);
});
