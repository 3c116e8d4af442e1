#!/usr/bin/env node
// `npm start` in a source checkout: src/ built into one ES module by esbuild and run under plain
// node. Running the sources through tsx instead costs every request the loader's transform:
// esbuild's keep-names, which defines a `name` on every closure created, and source maps switched
// on for every Error (docs/decisions/0038). The build is always fresh: it is reused only while
// every source file it was made from is unchanged (their paths and modification times are kept
// beside it), else rebuilt, which takes a fraction of a second. Packages stay external, as in the
// published package. The files go to .start/ (ignored by git), two levels below the package root,
// where the CLI finds its package.json; each is written under a temporary name and renamed, so
// starts running at the same time never read a half-written file.
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}.start/cli`;
const out = `${outdir}/main.mjs`;
const inputsFile = `${outdir}/inputs.json`;
// The tokenizer's table image, read beside the module that loads it (without it the tokenizer
// builds the table from its base64 module instead, which costs each start about 50 ms more).
const tableImage = `${root}src/generation/o200k-table.bin.br`;
const tableCopy = `${outdir}/o200k-table.bin.br`;
// The command this start runs (`npm start` runs `serve`). The CLI loads each command's file only
// when it runs, so the build leaves out the other commands' files (the conformance suite is a
// sixth of src/ and conformance/): esbuild reads fewer files. A build is reused for its command only.
const command = process.argv[2] ?? '';
const COMMAND_FILE = /^\.\/(serve|conform|openapi|record|diff)\.ts$/;

/** Whether the last build is still the sources as they are: every input unchanged since. */
function fresh() {
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

/** The CLI's commands other than this start's stay out of the build (never run by it). */
const onlyThisCommand = {
  name: 'only-this-command',
  setup(b) {
    b.onResolve({ filter: COMMAND_FILE }, (args) => {
      if (args.kind !== 'dynamic-import' || !args.importer.endsWith('main.ts')) return undefined;
      return COMMAND_FILE.exec(args.path)[1] === command ? undefined : { path: args.path, external: true };
    });
  },
};

function writeAtomically(file, contents) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

if (!fresh()) {
  const { build, stop } = await import('esbuild');
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
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    absWorkingDir: root,
    plugins: [onlyThisCommand],
  });
  mkdirSync(outdir, { recursive: true });
  // Chunks first, the entry that imports them last: a start that reads the entry finds its chunks.
  const files = [...outputFiles].sort((a, b) => Number(a.path === out) - Number(b.path === out));
  for (const file of files) writeAtomically(file.path, file.contents);
  const inputs = Object.keys(metafile.inputs).map((file) => [file, statSync(`${root}${file}`).mtimeMs]);
  const outputs = files.map((file) => file.path.slice(outdir.length + 1));
  writeAtomically(inputsFile, JSON.stringify({ inputs, outputs, built: command }));
  // esbuild's service (a child process) is not needed past the build: the server does not keep it.
  await stop();
}
if (!existsSync(tableCopy) || statSync(tableCopy).mtimeMs < statSync(tableImage).mtimeMs) {
  mkdirSync(outdir, { recursive: true });
  const temporary = `${tableCopy}.${process.pid}.tmp`;
  copyFileSync(tableImage, temporary);
  renameSync(temporary, tableCopy);
}
const { main } = await import(pathToFileURL(out).href);
process.exitCode = await main(process.argv.slice(2));
