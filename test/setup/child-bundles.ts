import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { NODE_BUILD_OPTIONS } from '../../scripts/node-build-options.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The CLI built once for this run (see below); spawned by `runCli`. */
    cliBundle: string;
    /** The limit tests' server child (test/limits/server-child.ts), built the same way. */
    serverChildBundle: string;
  }
}

const repo = join(import.meta.dirname, '..', '..');

/**
 * The integration and e2e tests start the CLI in a child process about forty times. Through the bin, each
 * start compiles and loads the sources with tsx's loader hooks: ~1.3 s before the server listens.
 * Here the same sources go through the same transform (esbuild, which tsx uses) once per run, into
 * one file, and a start takes ~0.45 s. Packages stay external, so the bundle runs the installed
 * msw, zod and the rest, as the package does. The bin itself, as users run it, is still started
 * by `test/cli/cli-usage.test.ts` (sources via tsx) and by `test/package/pack.test.ts` (the build).
 *
 * The limit tests' server child is built the same way (three forks, ~0.9 s each saved).
 *
 * The files live under test-results/ (ignored by git) two levels below the package root, where the
 * CLI looks for its package.json; the folder's name carries the pid so parallel runs do not share.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const outdir = join(repo, 'test-results', `bundles-${process.pid}`);
  await build({
    entryPoints: { cli: join(repo, 'src', 'cli', 'main.ts'), 'server-child': join(repo, 'test', 'limits', 'server-child.ts') },
    outdir,
    outExtension: { '.js': '.mjs' },
    ...NODE_BUILD_OPTIONS,
  });
  project.provide('cliBundle', join(outdir, 'cli.mjs'));
  project.provide('serverChildBundle', join(outdir, 'server-child.mjs'));
  return () => rmSync(outdir, { recursive: true, force: true });
}
