import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createGateway } from 'gatewaykit';

const ROOT = join(import.meta.dirname, '..', '..');
const DEFAULT = JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'Write one sentence about the sea.' });
const headers = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };

/** Returns once the bundle is fresh (after a change a start leaves it to a background build). */
async function settle() {
  await promisify(execFile)(process.execPath, [join(ROOT, 'scripts/start-bundle.mjs'), 'serve'], { cwd: ROOT });
}

/** What `npm start` runs (package.json's start script), spawned directly. */
function npmStart() {
  const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const [command, ...args] = start.split(' ');
  expect(command).toBe('node');
  const child = spawn(process.execPath, [...args, '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /listening on (\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    void exited.then((code) => reject(new Error(`npm start exited (${code}) before listening: ${err}`)));
  });
  return { listening, exited, stop: () => (child.kill('SIGTERM'), exited) };
}

describe('npm start (a build of the sources as they are, under plain node)', () => {
  it('serves the sources as they are: the default request answers as the in-process gateway does, and the build records every source it read', async () => {
    const server = npmStart();
    try {
      const base = await server.listening;
      const res = await fetch(`${base}/responses`, { method: 'POST', headers, body: DEFAULT });
      expect(res.status).toBe(200);
      const served = (await res.json()) as { output: unknown; usage: unknown };
      const local = (await (await createGateway().fetch('/responses', { method: 'POST', headers, body: DEFAULT })).json()) as {
        output: unknown;
        usage: unknown;
      };
      // The first answer of a fresh gateway: same seed, same sequence number, same bytes but the clock's.
      expect(served.output).toEqual(local.output);
      expect(served.usage).toEqual(local.usage);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    // The bundle's record of its inputs (a start after a change leaves the bundle to a background build).
    await settle();
    const { inputs } = JSON.parse(readFileSync(join(ROOT, '.start/cli/inputs.json'), 'utf8')) as { inputs: Array<[string, number]> };
    const files = inputs.map(([file]) => file);
    expect(files).toContain('src/cli/main.ts');
    expect(files).toContain('src/cli/serve.ts');
    expect(files.every((f) => !f.startsWith('node_modules/'))).toBe(true);
    // A start builds the command it runs, not the CLI's others (the conformance suite is `conform`'s).
    expect(files.filter((f) => f.startsWith('conformance/') || f === 'src/cli/conform.ts')).toEqual([]);
  });

  it('the per-file build (what a start after a change runs) answers as the in-process gateway does', async () => {
    await settle();
    // Without the bundle's record a start takes the bundle for stale and runs the per-file build.
    expect(existsSync(join(ROOT, '.start/mirror.json'))).toBe(true);
    rmSync(join(ROOT, '.start/cli/inputs.json'));
    const server = npmStart();
    try {
      const base = await server.listening;
      const res = await fetch(`${base}/responses`, { method: 'POST', headers, body: DEFAULT });
      expect(res.status).toBe(200);
      const served = (await res.json()) as { output: unknown };
      const local = (await (await createGateway().fetch('/responses', { method: 'POST', headers, body: DEFAULT })).json()) as { output: unknown };
      expect(served.output).toEqual(local.output);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    await settle();
  });
});
