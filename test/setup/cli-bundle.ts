import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The CLI built once for this run (see below); spawned by `runCli`. */
    cliBundle: string;
  }
}

const repo = join(import.meta.dirname, '..', '..');

/**
 * The integration tests start the CLI in a child process about forty times. Through the bin, each
 * start compiles and loads the sources with tsx's loader hooks: ~1.3 s before the server listens.
 * Here the same sources go through the same transform (esbuild, which tsx uses) once per run, into
 * one file, and a start takes ~0.45 s. Packages stay external, so the bundle runs the installed
 * msw, zod and the rest, as the package does. The bin itself, as users run it, is still started
 * by `test/cli/cli-usage.test.ts` (sources via tsx) and by `test/package/pack.test.ts` (the build).
 *
 * The file lives under test-results/ (ignored by git) two levels below the package root, where the
 * CLI looks for its package.json; its name carries the pid so parallel runs do not share one.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const outfile = join(repo, 'test-results', 'cli', `main-${process.pid}.mjs`);
  await build({
    entryPoints: [join(repo, 'src', 'cli', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  project.provide('cliBundle', outfile);
  return () => rmSync(outfile, { force: true });
}
