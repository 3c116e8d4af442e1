import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import catalog from '../../fixtures/catalog.json' with { type: 'json' };
import { runCli } from '../cli/run-cli.ts';

// The hostile files that stop `gatewaykit serve` as a process (exit 2): run with the other CLI
// processes in the e2e project. The files read in process are in hostile-files.test.ts.
const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-hostile-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('robustness: hostile files', () => {
  // F14: 20k providers and 20k models each naming an unknown provider took 35 s and 3.4 GB to
  // print its error; at 30k the process died of OOM instead of exiting 2.
  it('F14 a 20k-model catalogue naming unknown providers exits 2 quickly with a bounded message', async () => {
    const model = catalog.models[0]!;
    const provider = catalog.providers[0]!;
    const n = 20_000;
    const file = join(dir, 'hostile-catalog.json');
    writeFileSync(
      file,
      JSON.stringify({
        providers: Array.from({ length: n }, (_, i) => ({ ...provider, slug: `p${i}`, name: `P${i}` })),
        models: Array.from({ length: n }, (_, i) => ({ ...model, id: `a/m${i}`, endpoints: model.endpoints.map((e) => ({ ...e, provider: `unknown-${i}` })) })),
      }),
    );
    const started = performance.now();
    const run = runCli(['serve', '--port', '0', '--catalog', file]);
    expect(await run.exited).toBe(2);
    expect(performance.now() - started).toBeLessThan(30_000); // a safety bound
    const err = run.err();
    expect(err).toContain(file);
    expect(err).toMatch(/is not a provider of the catalogue/);
    expect(err).toMatch(/problems in all\)/);
    expect(err.length).toBeLessThan(10_000);
    expect(run.out()).not.toMatch(/listening/);
  }, 60_000);
});

describe('robustness: hostile scripts files, at start-up', () => {
  // F13: `^(a+)+$` blocked the server 23 s on a 33-character input; now refused when loaded.
  it('F13 a scripts file with a catastrophic regex stops start-up (exit 2) naming the rule and the path', async () => {
    const file = join(dir, 'scripts.json');
    writeFileSync(
      file,
      JSON.stringify([
        { id: 'ok', match: { input: 'hi' }, reply: { type: 'text', text: 'hello' } },
        { id: 'redos', match: { input: { regex: '^(a+)+$' } }, reply: { type: 'text', text: 'x' } },
      ]),
    );
    const run = runCli(['serve', '--port', '0', '--scripts', file]);
    expect(await run.exited).toBe(2);
    expect(run.err()).toContain(file);
    expect(run.err()).toMatch(/scripts\[1\] \("redos"\): match\.input\.regex: can take exponential time/);
    expect(run.out()).not.toMatch(/listening/);
  }, 30_000);
});
