/**
 * The package as `npm install gatewaykit` gives it: `npm pack` of a copy of the checkout (its
 * `prepack` build), installed with npm into an empty project; then `import('gatewaykit')` timed in
 * fresh node processes there, and the largest dependencies imported alone the same way.
 * `npx tsx bench/footprint/measure-install.ts` prints the result as JSON.
 */
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FootprintResult } from '../render-results.ts';
import { median } from '../stats.ts';
import { largestPackages, type PackageSize } from './largest-packages.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** What `npm pack` reads: the package's files and what its build needs. */
const SOURCES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'scripts/emit-cts-declarations.mjs',
  'scripts/bundle-dist.mjs',
  'scripts/operations-in-one-chunk.mjs',
  'scripts/prune-declarations.mjs',
  'scripts/vendor-declarations.mjs',
  'scripts/vendored-packages.mjs',
  'src',
  'conformance',
  'fixtures',
  'bin',
  'docs',
  'bench/RESULTS.md',
  'README.md',
  'CHANGELOG.md',
  'LICENSE',
];
/** The dependencies whose import is timed alone, beside the package's. */
const PARTS = ['msw', 'zod'];

async function sh(cmd: string, args: string[], cwd: string, timeout: number): Promise<string> {
  const { stdout } = await run(cmd, args, { cwd, timeout, maxBuffer: 32 * 1024 * 1024, env: { ...process.env, npm_config_update_notifier: 'false' } });
  return stdout;
}

/** Bytes of every file under `dir`, and the disk they take (`du`: allocated blocks, folders included); symlinks are not followed. */
function sizeUnder(dir: string): { bytes: number; disk: number } {
  const total = { bytes: 0, disk: lstatSync(dir).blocks * 512 };
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      const sub = sizeUnder(p);
      total.bytes += sub.bytes;
      total.disk += sub.disk;
    } else {
      const st = lstatSync(p);
      total.bytes += st.size;
      total.disk += st.blocks * 512;
    }
  }
  return total;
}

/** Every installed package (nested node_modules included) with the bytes of its own folder. */
function installedPackages(nodeModules: string, out: PackageSize[] = []): PackageSize[] {
  if (!existsSync(nodeModules)) return out;
  for (const e of readdirSync(nodeModules, { withFileTypes: true })) {
    if (!e.isDirectory() || e.name.startsWith('.')) continue;
    const dirs = e.name.startsWith('@')
      ? readdirSync(join(nodeModules, e.name), { withFileTypes: true })
          .filter((s) => s.isDirectory())
          .map((s) => `${e.name}/${s.name}`)
      : [e.name];
    for (const name of dirs) {
      const dir = join(nodeModules, name);
      out.push({ name, bytes: sizeUnder(dir).disk });
      installedPackages(join(dir, 'node_modules'), out);
    }
  }
  return out;
}

/** One fresh `node` in `cwd`: the time and CPU of `import(spec)` alone. */
function timeImport(spec: string, cwd: string): Promise<{ ms: number; cpuMs: number }> {
  const script = `const c = process.cpuUsage(); const t = performance.now(); await import(${JSON.stringify(spec)}); const ms = performance.now() - t; const u = process.cpuUsage(c); console.log(JSON.stringify({ ms, cpuMs: (u.user + u.system) / 1000 }));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}') as { ms: number; cpuMs: number })
        : reject(new Error(`import('${spec}') failed (${code}): ${err.slice(0, 300)}`)),
    );
  });
}

async function medianImport(spec: string, cwd: string, runs: number): Promise<{ ms: number; cpuMs: number; runs: number[] }> {
  await timeImport(spec, cwd); // warm the file cache, as any second start has
  const seen = [];
  for (let i = 0; i < runs; i++) seen.push(await timeImport(spec, cwd));
  return { ms: median(seen.map((s) => s.ms)), cpuMs: median(seen.map((s) => s.cpuMs)), runs: seen.map((s) => s.ms) };
}

/**
 * Pack, install into an empty project, measure, remove the work folder.
 *
 * @example
 * const f = await measureInstall(5);
 */
export async function measureInstall(importRuns: number, log: (s: string) => void = () => {}): Promise<FootprintResult> {
  const work = mkdtempSync(join(tmpdir(), 'gatewaykit-footprint-'));
  try {
    const copy = join(work, 'repo');
    for (const entry of SOURCES) if (existsSync(join(ROOT, entry))) cpSync(join(ROOT, entry), join(copy, entry), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
    const packed = await sh(NPM, ['pack', '--json', '--pack-destination', work], copy, 600_000);
    // npm prints the prepack script's output before the JSON document.
    const report = JSON.parse(packed.slice(packed.indexOf('[\n'))) as Array<{ filename: string }>;
    const tarball = join(work, report[0]!.filename);
    log(`footprint: packed ${report[0]!.filename}`);
    const app = join(work, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'footprint-app', private: true, type: 'module' }));
    await sh(NPM, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball], app, 600_000);
    const nodeModules = join(app, 'node_modules');
    const packages = installedPackages(nodeModules);
    const main = await medianImport('gatewaykit', app, importRuns);
    const importParts: Record<string, number> = {};
    for (const part of PARTS) if (existsSync(join(nodeModules, part))) importParts[part] = (await medianImport(part, app, importRuns)).ms;
    const size = sizeUnder(nodeModules);
    return {
      bytes: size.disk,
      fileBytes: size.bytes,
      packages: packages.length,
      largest: largestPackages(packages, 8),
      importMs: main.ms,
      importRuns: main.runs,
      importCpuMs: main.cpuMs,
      importParts,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) console.log(JSON.stringify(await measureInstall(5, console.error), null, 2));
