import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Tests and examples import the package by its own name (`gatewaykit`, `gatewaykit/vitest`, ...)
// as users do; resolve those to the TypeScript sources (the `gatewaykit-source` export condition)
// so no build is needed in the repo. The published package resolves them to dist/.
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, string | Record<string, string>>;
};
const selfAliases = Object.entries(pkg.exports)
  .filter((entry): entry is [string, Record<string, string>] => typeof entry[1] === 'object' && 'gatewaykit-source' in entry[1])
  .map(([subpath, target]) => ({
    find: new RegExp(`^gatewaykit${subpath.slice(1).replace(/[/.]/g, '\\$&')}$`),
    replacement: new URL(target['gatewaykit-source']!, import.meta.url).pathname,
  }));

/**
 * Two projects (docs/architecture.md): `unit` is the quick loop over the sources (src/, conformance/:
 * pure functions and the core in-process); `integration` drives the package from outside (test/,
 * examples/: real clients, spawned servers, the packed tarball, browsers). `npm test` runs both;
 * `npm run test:unit` / `npm run test:integration` run one.
 */
export default defineConfig({
  resolve: { alias: selfAliases },
  test: {
    // CI: one fixed fast-check seed for reproducible runs (test/setup/fast-check-seed.ts); every
    // answer of every gateway judged against the reference (test/setup/reference-answers.ts).
    setupFiles: ['test/setup/fast-check-seed.ts', 'test/setup/reference-answers.ts'],
    // One worker per core (vitest's default leaves one core out: on a 2-core machine, one worker
    // and every file in sequence). Many files wait on child processes and sockets, so two workers
    // on two cores took `npm test` from 119 s to 75 s.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Property tests print their seed on failure (fast-check); keep the output readable.
    reporters: process.env.CI ? ['default', 'junit'] : ['default'],
    outputFile: { junit: 'test-results/junit.xml' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'conformance/**/*.test.ts'],
          // The sources keep no module-level state (dependencies are passed in), so the unit files
          // can share one module cache per worker: most of this project's time was importing the
          // same modules again for every file.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
          // The CLI, bundled once per run for the tests that start it (test/setup/child-bundles.ts).
          globalSetup: ['test/setup/child-bundles.ts'],
          // The same holds here: every file builds its own gateway, server or child process and
          // closes it, and no file replaces a module (no vi.mock): tests observe behaviour from
          // outside. Sharing the module cache took the import time from ~37 s to ~8 s.
          isolate: false,
        },
      },
    ],
  },
});
