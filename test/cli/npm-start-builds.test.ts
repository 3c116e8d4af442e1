import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);

// A package laid out as gatewaykit is (scripts/start*.mjs, src/cli/main.ts with one file per
// command), small enough to see which build a start ran and what it was built from: the `serve`
// command prints its greeting, a JSON file's value and the file it runs from.
const FILES: Record<string, string | Uint8Array> = {
  'package.json': JSON.stringify({ name: 'start-fixture', version: '1.0.0', type: 'module' }),
  'src/generation/o200k-table.bin.br': brotliCompressSync('table image'),
  'src/data.json': JSON.stringify({ value: 'from the JSON file' }),
  'src/cli/main.ts': [
    'export async function main(args: string[]): Promise<number> {',
    "  if (args[0] === 'serve') return (await import('./serve.ts')).serve();",
    "  if (args[0] === 'conform') return (await import('./conform.ts')).conform();",
    '  return 2;',
    '}',
  ].join('\n'),
  'src/cli/serve.ts': [
    "import { greeting } from '../greeting.ts';",
    "import data from '../data.json' with { type: 'json' };",
    'export function serve(): number {',
    '  const said: string = `${greeting()} | ${data.value} | ${import.meta.url}`;',
    '  console.log(said);',
    '  return 0;',
    '}',
  ].join('\n'),
  'src/cli/conform.ts': 'export function conform(): number {\n  return 0;\n}',
  'src/greeting.ts': "export const greeting = (): string => 'hello';",
};

let dir = '';

/** Write `file` of the fixture, with a modification time `secondsAgo` in the past (distinct per version). */
function write(file: string, contents: string | Uint8Array, secondsAgo: number) {
  const path = join(dir, file);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, contents);
  const when = Date.now() / 1000 - secondsAgo;
  utimesSync(path, when, when);
}

/** `npm start` of the fixture: what it printed, split into its three parts. */
async function start() {
  const { stdout } = await run(process.execPath, ['scripts/start.mjs', 'serve'], { cwd: dir });
  const [greeting, json, url] = stdout.trim().split(' | ');
  return { greeting, json, build: url?.includes('/.start/cli/') ? 'bundle' : url?.includes('/.start/src/') ? 'per-file' : url };
}

/** The background build's work done: returns once the bundle is fresh (it waits for a build running). */
async function settle() {
  await run(process.execPath, ['scripts/start-bundle.mjs', 'serve'], { cwd: dir });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatewaykit-start-'));
  for (const script of ['start.mjs', 'start-bundle.mjs', 'start-mirror.mjs', 'node-build-options.mjs', 'operations-in-one-chunk.mjs']) {
    cpSync(join(ROOT, 'scripts', script), join(dir, 'scripts', script));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  for (const [file, contents] of Object.entries(FILES)) write(file, contents, 60);
});

afterAll(async () => {
  if (!dir) return;
  await settle(); // no background build left writing into the folder
  rmSync(dir, { recursive: true, force: true });
});

describe('npm start picks up every change (scripts/start.mjs)', () => {
  it('the first start builds the bundle; with the sources unchanged the next start runs it again', async () => {
    expect(await start()).toEqual({ greeting: 'hello', json: 'from the JSON file', build: 'bundle' });
    await settle();
    expect(await start()).toEqual({ greeting: 'hello', json: 'from the JSON file', build: 'bundle' });
    // The per-file build was made in the background as well, for this command only.
    expect(existsSync(join(dir, '.start/src/cli/serve.mjs'))).toBe(true);
    expect(existsSync(join(dir, '.start/src/cli/conform.mjs'))).toBe(false);
    // The tokenizer's image beside each build, decompressed (the start reads it as it is).
    expect(readFileSync(join(dir, '.start/cli/o200k-table.bin'), 'utf8')).toBe('table image');
    expect(readFileSync(join(dir, '.start/src/generation/o200k-table.bin'), 'utf8')).toBe('table image');
  });

  it('a changed source is what the next start runs (the per-file build), then what the rebuilt bundle runs', async () => {
    await settle();
    write('src/greeting.ts', "export const greeting = (): string => 'changed';", 30);
    expect(await start()).toEqual({ greeting: 'changed', json: 'from the JSON file', build: 'per-file' });
    await settle();
    expect(await start()).toEqual({ greeting: 'changed', json: 'from the JSON file', build: 'bundle' });
  });

  it('a change that imports a new file, and a changed JSON file, are picked up too', async () => {
    await settle();
    write('src/words.ts', "export const word = 'new file';", 20);
    write('src/greeting.ts', "import { word } from './words.ts';\nexport const greeting = (): string => word;", 20);
    write('src/data.json', JSON.stringify({ value: 'changed JSON' }), 20);
    expect(await start()).toEqual({ greeting: 'new file', json: 'changed JSON', build: 'per-file' });
    await settle();
    expect(await start()).toEqual({ greeting: 'new file', json: 'changed JSON', build: 'bundle' });
  });

  it('starts at the same time after a change each run the changed source', async () => {
    await settle();
    write('src/greeting.ts', "export const greeting = (): string => 'together';", 15);
    const starts = await Promise.all([start(), start(), start()]);
    expect(starts.map((s) => s.greeting)).toEqual(['together', 'together', 'together']);
    await settle();
    expect(await start()).toEqual({ greeting: 'together', json: 'changed JSON', build: 'bundle' });
  });

  it('a build lock left by a process that is gone does not stop the next build', async () => {
    await settle();
    const gone = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
      child.once('exit', () => resolve(child.pid!));
    });
    writeFileSync(join(dir, '.start/cli/bundling.lock'), String(gone));
    write('src/greeting.ts', "export const greeting = (): string => 'after the lock';", 12);
    await settle();
    expect(existsSync(join(dir, '.start/cli/bundling.lock'))).toBe(false);
    expect(await start()).toEqual({ greeting: 'after the lock', json: 'changed JSON', build: 'bundle' });
  });

  it('a start after a change compiles only the files that changed', async () => {
    await settle();
    // Each compiled file is written anew (a new file renamed into place): its inode tells.
    const inode = (file: string) => statSync(join(dir, '.start/src', file)).ino;
    const before = { serve: inode('cli/serve.mjs'), main: inode('cli/main.mjs'), greeting: inode('greeting.mjs') };
    write('src/greeting.ts', "export const greeting = (): string => 'once more';", 10);
    expect(await start()).toEqual({ greeting: 'once more', json: 'changed JSON', build: 'per-file' });
    expect({ serve: inode('cli/serve.mjs'), main: inode('cli/main.mjs') }).toEqual({ serve: before.serve, main: before.main });
    expect(inode('greeting.mjs')).not.toBe(before.greeting);
  });

  it('keeps the chunks of the last two builds only: .start/cli does not grow with every change', async () => {
    await settle();
    const onDisk = () => readdirSync(join(dir, '.start/cli')).filter((file) => file.startsWith('chunk-'));
    const recorded = (): string[] =>
      JSON.parse(readFileSync(join(dir, '.start/cli/inputs.json'), 'utf8')).outputs.filter((file: string) => file.startsWith('chunk-'));
    const builds: string[][] = [];
    for (const [i, word] of ['first', 'second', 'third'].entries()) {
      write('src/greeting.ts', `export const greeting = (): string => '${word}';`, 8 - 2 * i);
      await settle();
      builds.push(recorded());
    }
    const [first, second, third] = builds as [string[], string[], string[]];
    expect(onDisk().sort()).toEqual([...new Set([...second, ...third])].sort());
    // The greeting's chunk changed at each build: the first build's is gone, the second's kept.
    expect(first.filter((file) => !second.includes(file) && !third.includes(file))).not.toEqual([]);
    expect(first.some((file) => onDisk().includes(file) && !second.includes(file) && !third.includes(file))).toBe(false);
    expect(await start()).toEqual({ greeting: 'third', json: 'changed JSON', build: 'bundle' });
  });
});
