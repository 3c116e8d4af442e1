// The bundle `npm start` runs while the sources are unchanged (scripts/start.mjs): src/ built by
// esbuild into ES modules under .start/cli/, two levels below the package root, where the CLI finds
// its package.json; packages external, as in the published package; no keep-names and no source
// maps (docs/decisions/0038). It is reused only while every source file it was made from is
// unchanged (their paths and modification times are kept beside it, with the command it was built
// for). Each file is written under a temporary name and renamed, so starts running at the same
// time never read a half-written file.
//
// `node scripts/start-bundle.mjs <command>` builds it (and returns once it is fresh), and brings
// the per-file build (scripts/start-mirror.mjs) up to date as well: a start after a source change
// runs the per-file build and leaves this to a process of its own at low priority, so the next
// start finds the bundle again (docs/decisions/0102). One at a time: it holds
// .start/cli/bundling.lock while it runs.
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_BUILD_OPTIONS } from './node-build-options.mjs';
import { operationsInOneChunk } from './operations-in-one-chunk.mjs';
import { copyTableImage, updateMirror } from './start-mirror.mjs';

const COMMAND_FILE = /^\.\/(serve|conform|openapi|record|diff)\.ts$/;
// A source changed this close before the build began may not be in it (file times are coarse).
const CHANGE_MARGIN_MS = 50;
// A build takes seconds; a lock held this long was left behind.
const ABANDONED_AFTER_MS = 10 * 60_000;

/** The bundle's files under `root`: the entry, the record of its inputs, the lock of its builder. */
export function bundlePaths(root) {
  const outdir = `${root}.start/cli`;
  return { outdir, out: `${outdir}/main.mjs`, inputsFile: `${outdir}/inputs.json`, lock: `${outdir}/bundling.lock` };
}

/** Whether the last bundle is still the sources as they are, built for `command`. */
export function bundleFresh(root, command) {
  const { outdir, out, inputsFile } = bundlePaths(root);
  if (!existsSync(out) || !existsSync(inputsFile)) return false;
  try {
    const { inputs, outputs = [], built = '' } = JSON.parse(readFileSync(inputsFile, 'utf8'));
    return (
      built === command &&
      outputs.every((file) => existsSync(`${outdir}/${file}`)) &&
      inputs.every(([file, mtimeMs]) => statSync(`${root}${file}`).mtimeMs === mtimeMs)
    );
  } catch {
    return false;
  }
}

/** The CLI's commands other than `command` stay out of the build (never run by it). */
function onlyThisCommand(command) {
  return {
    name: 'only-this-command',
    setup(b) {
      b.onResolve({ filter: COMMAND_FILE }, (args) => {
        if (args.kind !== 'dynamic-import' || !args.importer.endsWith('main.ts')) return undefined;
        return COMMAND_FILE.exec(args.path)[1] === command ? undefined : { path: args.path, external: true };
      });
    },
  };
}

/**
 * JSON files (the default catalogue above all) read and parsed when the server starts, as node
 * itself loads a JSON module, instead of written into the bundle as a JavaScript object literal:
 * node parses JSON text in a fraction of the time it compiles the same data as code
 * (docs/decisions/0107). The file is still an input of the bundle (a change to it rebuilds it).
 */
function jsonReadAtStart(outdir) {
  return {
    name: 'json-read-at-start',
    setup(b) {
      b.onLoad({ filter: /\.json$/ }, (args) => {
        JSON.parse(readFileSync(args.path, 'utf8')); // a broken file fails the build, naming itself
        const path = JSON.stringify(relative(outdir, args.path).split(sep).join('/'));
        return {
          contents: `import { readFileSync } from 'node:fs';\nexport default JSON.parse(readFileSync(new URL(${path}, import.meta.url), 'utf8'));\n`,
          loader: 'js',
        };
      });
    },
  };
}

function writeAtomically(file, contents) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

/** The files the last recorded build wrote (none when there is no record). */
function recordedOutputs(inputsFile) {
  try {
    return JSON.parse(readFileSync(inputsFile, 'utf8')).outputs ?? [];
  } catch {
    return [];
  }
}

/**
 * Remove the chunks of the builds before the last two. Chunks are named by their contents, so each
 * build after a source change writes new ones; without this `.start/cli` grows at every change.
 * The previous build's stay: a server still running it may load one late (`/openapi.json`'s docs).
 */
function pruneChunks(outdir, keep) {
  const kept = new Set(keep);
  for (const file of readdirSync(outdir)) {
    if (/^chunk-\w+\.mjs$/.test(file) && !kept.has(file)) rmSync(`${outdir}/${file}`, { force: true });
  }
}

/** Build the bundle of `command` from the sources as they are now. */
export async function buildBundle(root, command) {
  const { outdir, out, inputsFile } = bundlePaths(root);
  const previous = recordedOutputs(inputsFile);
  // Required, not imported: an import of a CommonJS package first has its source scanned for names.
  const { build, stop } = createRequire(import.meta.url)('esbuild');
  const began = Date.now();
  // Split at the CLI's dynamic imports (each command loads its own part): the server's code is
  // then plain module code in a chunk of its own, as in the compiled package, not wrapped in the
  // lazy initialiser a single-file bundle puts around every module a dynamic import reaches.
  const { outputFiles, metafile } = await build({
    entryPoints: { main: `${root}src/cli/main.ts` },
    outdir,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'chunk-[hash]',
    write: false,
    metafile: true,
    ...NODE_BUILD_OPTIONS,
    absWorkingDir: root,
    plugins: [onlyThisCommand(command), jsonReadAtStart(outdir), operationsInOneChunk()],
  });
  await stop();
  mkdirSync(outdir, { recursive: true });
  // Chunks first, the entry that imports them last: a start that reads the entry finds its chunks.
  const files = [...outputFiles].sort((a, b) => Number(a.path === out) - Number(b.path === out));
  for (const file of files) writeAtomically(file.path, file.contents);
  copyTableImage(root, `${outdir}/o200k-table.bin`);
  // Files only: a module a plugin makes (`namespace:path`) has no time of its own.
  const inputs = Object.keys(metafile.inputs)
    .filter((file) => !/^[a-z-]+:/.test(file))
    .map((file) => [file, statSync(`${root}${file}`).mtimeMs]);
  // A source changed while it was read may be in the bundle as it was before: no record, so the
  // next start does not take this bundle for the sources as they are.
  if (inputs.some(([, mtimeMs]) => mtimeMs > began - CHANGE_MARGIN_MS)) return false;
  const outputs = files.map((file) => file.path.slice(outdir.length + 1));
  writeAtomically(inputsFile, JSON.stringify({ inputs, outputs, built: command }));
  pruneChunks(outdir, [...outputs, ...previous]);
  return true;
}

/** Take the builder's lock (false: another build runs). A lock left by a process gone is taken over. */
function lock(file) {
  for (let attempt = 0; attempt < 2; attempt++) {
    // Written whole under another name, then linked: a lock is never seen without its holder's pid.
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, String(process.pid));
    try {
      linkSync(temporary, file);
      return true;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (alive(holder(file)) && !abandoned(file)) return false;
      rmSync(file, { force: true });
    } finally {
      unlinkSync(temporary);
    }
  }
  return false;
}

/** A lock far older than any build: its pid, alive, is another process's now (the machine restarted). */
function abandoned(file) {
  const taken = statSync(file, { throwIfNoEntry: false });
  return taken !== undefined && Date.now() - taken.mtimeMs > ABANDONED_AFTER_MS;
}

/** The pid in a lock file (0 when it is gone already). */
function holder(file) {
  try {
    return Number(readFileSync(file, 'utf8')) || 0;
  } catch {
    return 0;
  }
}

function alive(pid) {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

// Run as a process of its own: one build at a time (a second waits for the first, then finds the
// bundle fresh), and none when the bundle is fresh already; it returns once the bundle is fresh.
// With --if-idle (a start's background build) it leaves at once when another build runs.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const command = process.argv[2] ?? '';
  const { outdir, lock: lockFile } = bundlePaths(root);
  mkdirSync(outdir, { recursive: true });
  const ifIdle = process.argv[3] === '--if-idle';
  while (!lock(lockFile)) {
    if (ifIdle) process.exit(0);
    await sleep(50);
  }
  try {
    if (!bundleFresh(root, command)) await buildBundle(root, command);
    // The per-file build too, so that a start after the next change compiles only what changed.
    await updateMirror(root, `${root}.start/`, command);
  } finally {
    unlinkSync(lockFile);
  }
}
