// The per-file build of `npm start` (scripts/start.mjs): every source module the command reaches,
// from src/cli/main.ts, compiled by esbuild into its own ES module under .start/ (src/x/y.ts to
// .start/src/x/y.mjs, its relative imports renamed to match), so a start after a change compiles
// only the files changed since and plain node runs the tree as it is. No keep-names and no source
// maps, as in the bundle (docs/decisions/0038, 0102).
//
// A compiled file is reused while its source is unchanged: its modification time is set to the
// source's as read before compiling, and the file is written under a temporary name and renamed,
// so the time and the content change together and starts running at the same time never read a
// half-written or mismatched file. The imports each file was found to have are kept in
// .start/mirror.json with the source's time, to walk the tree without compiling it again.
// A twin sits one folder deeper than its source: a module that finds a file by `import.meta.url`
// must find it from there too (the package version looks one level further up; the tokenizer's
// table image is copied beside its twin).
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { NODE_BUILD_OPTIONS } from './node-build-options.mjs';

const ENTRY = 'src/cli/main.ts';
// The CLI loads each command's file only when it runs; a start follows its own command's only.
const COMMAND_FILE = /^src\/cli\/(serve|conform|openapi|record|diff)\.ts$/;
// The tokenizer's table image, read beside the module that loads it (decision 0038's bundle has it too).
const TABLE_IMAGE = 'src/generation/o200k-table.bin.br';
// Two times this close are the same: a time set on a file comes back rounded below a microsecond.
const SAME_TIME_MS = 0.01;

/** Where the compiled twin of a source file lives: .ts becomes .mjs, a JSON file a module beside it. */
export function mirrorPath(out, file) {
  return `${out}${file.endsWith('.ts') ? file.slice(0, -3) : file}.mjs`;
}

function writeAtomically(file, contents, mtimeMs) {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  // In seconds, not a Date: a Date keeps whole milliseconds only.
  if (mtimeMs !== undefined) utimesSync(temporary, Date.now() / 1000, mtimeMs / 1000);
  renameSync(temporary, file);
}

function readManifest(file) {
  try {
    const { files } = JSON.parse(readFileSync(file, 'utf8'));
    return files && typeof files === 'object' ? files : {};
  } catch {
    return {};
  }
}

/** Whether `file`'s twin is what the source is now; its source time when not (undefined: gone). */
function freshness(root, out, manifest, file) {
  const source = statSync(`${root}${file}`, { throwIfNoEntry: false });
  if (!source) throw new Error(`npm start: ${file} is imported but does not exist`);
  const twin = statSync(mirrorPath(out, file), { throwIfNoEntry: false });
  const entry = manifest[file];
  const fresh = entry !== undefined && entry.mtimeMs === source.mtimeMs && twin !== undefined && Math.abs(twin.mtimeMs - source.mtimeMs) < SAME_TIME_MS;
  return { fresh, mtimeMs: source.mtimeMs };
}

/** A JSON file as a module: what `import x from './x.json' with { type: 'json' }` gives. */
function jsonModule(text) {
  JSON.parse(text); // a broken file fails here, naming itself, not at run time
  return `export default JSON.parse(${JSON.stringify(text)});\n`;
}

/**
 * The esbuild plugin that keeps every relative import an import (of the twin, `.mjs`) and notes,
 * per importing file, the source files it imports.
 */
function eachFileOnItsOwn(root, out, imports) {
  return {
    name: 'each-file-on-its-own',
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const importer = relative(root, args.importer);
        const target = relative(root, resolve(dirname(args.importer), args.path));
        if (!target.endsWith('.ts') && !target.endsWith('.json')) {
          // Anything else is read where it is: a path from the twin back to the source tree.
          return { path: relative(dirname(mirrorPath(out, importer)), `${root}${target}`), external: true };
        }
        (imports[importer] ??= []).push(target);
        return { path: `${args.path.replace(/\.ts$/, '')}.mjs`, external: true };
      });
    },
  };
}

/** Compile `files` (sources, with the times read before) to their twins; their imports, per file. */
async function compile(root, out, files, esbuild) {
  const imports = {};
  const sources = files.filter(([file]) => file.endsWith('.ts'));
  if (sources.length > 0) {
    const { outputFiles } = await (
      await esbuild()
    ).build({
      entryPoints: sources.map(([file]) => `${root}${file}`),
      outbase: root,
      outdir: out,
      outExtension: { '.js': '.mjs' },
      write: false,
      ...NODE_BUILD_OPTIONS,
      absWorkingDir: root,
      plugins: [eachFileOnItsOwn(root, out, imports)],
    });
    const times = new Map(sources.map(([file, mtimeMs]) => [mirrorPath(out, file), mtimeMs]));
    for (const output of outputFiles) writeAtomically(output.path, output.contents, times.get(output.path));
  }
  for (const [file, mtimeMs] of files.filter(([f]) => f.endsWith('.json'))) {
    writeAtomically(mirrorPath(out, file), jsonModule(readFileSync(`${root}${file}`, 'utf8')), mtimeMs);
  }
  return imports;
}

/** The files a start of `command` follows from `file`'s imports. */
function followed(file, imports, command) {
  if (file !== ENTRY) return imports;
  return imports.filter((target) => {
    const commandFile = COMMAND_FILE.exec(target);
    return commandFile === null || commandFile[1] === command;
  });
}

/**
 * Bring the twins of every module `command` reaches up to date (compiling only the files changed
 * since), then return the twin of the CLI's entry. `out` is the folder of the twins (.start/).
 * It returns the number of files compiled as well.
 */
export async function updateMirror(root, out, command) {
  const manifestFile = `${out}mirror.json`;
  const manifest = readManifest(manifestFile);
  let loaded;
  // Required, not imported: an import of a CommonJS package first has its source scanned for names.
  const esbuild = () => (loaded ??= createRequire(import.meta.url)('esbuild'));
  const seen = new Set([ENTRY]);
  let queue = [ENTRY];
  let compiled = 0;
  while (queue.length > 0) {
    const stale = [];
    const next = [];
    const visit = (file, imports) => {
      for (const target of followed(file, imports, command)) {
        if (seen.has(target)) continue;
        seen.add(target);
        next.push(target);
      }
    };
    for (const file of queue) {
      const { fresh, mtimeMs } = freshness(root, out, manifest, file);
      if (fresh) visit(file, manifest[file].imports);
      else stale.push([file, mtimeMs]);
    }
    const imports = await compile(root, out, stale, esbuild);
    for (const [file, mtimeMs] of stale) {
      manifest[file] = { mtimeMs, imports: imports[file] ?? [] };
      visit(file, manifest[file].imports);
    }
    compiled += stale.length;
    queue = next;
  }
  // esbuild's service (a child process) is not needed past this: the server does not keep it.
  if (loaded) await loaded.stop();
  if (compiled > 0) writeAtomically(manifestFile, JSON.stringify({ files: manifest }));
  copyTableImage(root, `${out}${TABLE_IMAGE.replace(/\.br$/, '')}`);
  return { entry: mirrorPath(out, ENTRY), compiled, files: seen.size };
}

/** Whether a per-file build was made here before (a first one compiles every file: a bundle is quicker). */
export function mirrorStarted(out) {
  return existsSync(`${out}mirror.json`);
}

/**
 * The tokenizer's table image at `copy`, decompressed, written when missing or older than the
 * source's. The package ships it brotli-compressed (install size, decision 0098); a checkout's
 * start reads it as it is, without the decompression (decision 0108).
 */
export function copyTableImage(root, copy) {
  const image = `${root}${TABLE_IMAGE}`;
  if (existsSync(copy) && statSync(copy).mtimeMs >= statSync(image).mtimeMs) return;
  mkdirSync(dirname(copy), { recursive: true });
  const temporary = `${copy}.${process.pid}.tmp`;
  writeFileSync(temporary, brotliDecompressSync(readFileSync(image)));
  renameSync(temporary, copy);
}
