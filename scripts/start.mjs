#!/usr/bin/env node
// `npm start` in a source checkout: src/ compiled by esbuild and run under plain node. Running the
// sources through tsx instead costs every request the loader's transform: esbuild's keep-names,
// which defines a `name` on every closure created, and source maps switched on for every Error
// (docs/decisions/0038). What runs is always the sources as they are:
// - while every source is unchanged since the last bundle of this command, that bundle
//   (scripts/start-bundle.mjs; one file per command, chunks for the dynamic imports);
// - after a change, the per-file build (scripts/start-mirror.mjs), in which only the files changed
//   since are compiled again; the bundle is rebuilt for the next start by a process of its own at
//   low priority, so this start does not wait for it (docs/decisions/0102).
// The command this start runs (`npm start` runs `serve`). The CLI loads each command's file only
// when it runs, so a build leaves out the other commands' files.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildBundle, bundleFresh, bundlePaths } from './start-bundle.mjs';
import { mirrorStarted, updateMirror } from './start-mirror.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const command = process.argv[2] ?? '';

/** The next start's bundle (and per-file build), made in the background: detached, its output not this process's. */
function bundleForNextStart() {
  const script = fileURLToPath(new URL('./start-bundle.mjs', import.meta.url));
  const builder = spawn(process.execPath, [script, command, '--if-idle'], { cwd: root, detached: true, stdio: 'ignore' });
  builder.on('error', () => {}); // no bundle this time: the next start runs the per-file build again
  builder.unref();
  try {
    // The server starting now comes first; the build takes what CPU is left.
    setPriority(builder.pid, 19);
  } catch {
    // gone already
  }
}

const out = `${root}.start/`;
let entry = bundlePaths(root).out;
if (!bundleFresh(root, command)) {
  // The very first start has no per-file build to update: one bundle of everything is quicker.
  if (mirrorStarted(out)) entry = (await updateMirror(root, out, command)).entry;
  else await buildBundle(root, command);
  bundleForNextStart();
}
const { main } = await import(pathToFileURL(entry).href);
process.exitCode = await main(process.argv.slice(2));
