import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { readRepositoryFilesSynchronously } from './test/setup/synchronous-reads.ts';

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

// The main process serves every module a worker imports; it reads the repository's files at once
// instead of through node's thread pool (test/setup/synchronous-reads.ts, decision 0114).
readRepositoryFilesSynchronously(new URL('.', import.meta.url).pathname);

/**
 * Source tests that are integration tests by nature: they run the conformance suite against a
 * gateway (often many times over), start a server or a child process, or make long property runs
 * of a gateway against a model of it. They live beside the code they test, but run in the
 * `integration` project so that `unit` stays the quick loop (decision 0099).
 */
const HEAVY_SOURCE_TESTS = [
  'conformance/answer-determinism.test.ts',
  'conformance/audio-datasets.test.ts',
  'conformance/check-attribution.test.ts',
  'conformance/client/default-transport.test.ts',
  'conformance/client/http1-connection-pool.test.ts',
  'conformance/client/node-http-transport.test.ts',
  'conformance/conformance.test.ts',
  'conformance/controls.test.ts',
  'conformance/error-checks-send-all.test.ts',
  'conformance/kit/guardrails-live-safety.test.ts',
  'conformance/kit/live-safety.test.ts',
  'conformance/kit/observability-live-safety.test.ts',
  'conformance/non-gateways.test.ts',
  'conformance/output.test.ts',
  'conformance/parallel-checks.test.ts',
  'conformance/property/send-ahead.test.ts',
  'conformance/repeat-runs.test.ts',
  'conformance/replay.test.ts',
  'conformance/spend-budget.test.ts',
  'conformance/verdicts-read-true.test.ts',
  'src/adapter/node/create-server.test.ts',
  'src/adapter/node/read-incoming-body.test.ts',
  'src/cli/tune-v8.test.ts',
  'src/engine/answer-memo.test.ts',
  'src/engine/plan-memo.test.ts',
  'src/random/hash.test.ts',
];

/**
 * The slow end-to-end tests, run by `npm run test:e2e` and not by `npm test` (decision 0099): the
 * packed and installed tarball, real browsers, the CLI and other child processes (peer gateways, a
 * child vitest run, the footprint probes), the long runs (the fuzzers, the conformance suite swept
 * over budgets and seeds and over every mutant, the o200k encoding checked on every one of its tokens) and the hang and
 * leak bounds. CI runs them too (`.ci/run`).
 */
const E2E_TESTS = [
  'test/package/pack.test.ts',
  'test/browser/**/*.test.ts',
  'test/cli/cli-usage.test.ts',
  'test/cli/npm-start-builds.test.ts',
  'test/cli/npm-start.test.ts',
  'test/cli/record-diff.test.ts',
  'test/cli/serve-options.test.ts',
  'test/cli/serve.test.ts',
  'test/cli/shutdown-request.test.ts',
  'test/fuzz/**/*.test.ts',
  'test/footprint/**/*.test.ts',
  'test/conformance/five-seed-passes.test.ts',
  'test/conformance/external-targets.test.ts',
  'conformance/coverage-by-construction.test.ts',
  'conformance/mutants.test.ts',
  'conformance/surface-mutants.test.ts',
  'src/generation/o200k-encoding.test.ts',
  'test/robustness/hostile-files-cli.test.ts',
  'test/robustness/hostile-replay-cli.test.ts',
  'test/replay/replay-friction-cli.test.ts',
  'test/robustness/state-file-cli.test.ts',
  'test/robustness/shutdown-cli.test.ts',
  'test/rate-limit-window-cli.test.ts',
  'test/responses-scripts-cli.test.ts',
  'test/timing-child-script.test.ts',
  'test/limits/aborted-streams.test.ts',
  'test/limits/body-limit.test.ts',
  'test/vitest/bypassed-fetch.test.ts',
];

/**
 * Three projects (docs/architecture.md): `unit` is the quick loop over the sources (src/,
 * conformance/: pure functions and the core in-process); `integration` drives the package from
 * outside (test/, examples/: real clients, spawned servers) and holds the heavy source tests above;
 * `e2e` is the slow end-to-end part. `npm test` runs `unit` and `integration`; `npm run test:unit`,
 * `npm run test:integration` and `npm run test:e2e` run one. Every project has the same set-up files.
 */
export default defineConfig({
  resolve: { alias: selfAliases },
  // A JSON module is `JSON.parse` of its text, as node loads it (the default catalogue is 0.5 MB):
  // not a JavaScript object literal per top-level key with a source map several times its size,
  // which every worker read and compiled and the main process decoded (decision 0114).
  json: { stringify: true, namedExports: false },
  test: {
    // CI: one fixed fast-check seed for reproducible runs (test/setup/fast-check-seed.ts); every
    // answer of every gateway judged against the reference (test/setup/reference-answers.ts).
    setupFiles: ['test/setup/fast-check-seed.ts', 'test/setup/reference-answers.ts'],
    // One worker per core (vitest's default leaves one core out: on a 2-core machine, one worker
    // and every file in sequence). Many files wait on child processes and sockets, so a second
    // worker on two cores shortens the run by much more than it costs (decision 0099).
    maxWorkers: Math.max(2, availableParallelism()),
    // Transformed modules are kept on disk between runs (under test-results/, ignored by git, one
    // cache per checkout): a run after the first transforms only the files that changed.
    experimental: { fsModuleCache: true, fsModuleCachePath: 'test-results/vitest-module-cache' },
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
          exclude: [...configDefaults.exclude, ...HEAVY_SOURCE_TESTS, ...E2E_TESTS],
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
          include: ['test/**/*.test.ts', 'examples/**/*.test.ts', ...HEAVY_SOURCE_TESTS],
          exclude: [...configDefaults.exclude, ...E2E_TESTS],
          // The CLI, bundled once per run for the tests that start it (test/setup/child-bundles.ts).
          globalSetup: ['test/setup/child-bundles.ts'],
          // The same holds here: every file builds its own gateway, server or child process and
          // closes it, and no file replaces a module (no vi.mock): tests observe behaviour from
          // outside. Sharing the module cache cut most of the import time.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: E2E_TESTS,
          globalSetup: ['test/setup/child-bundles.ts'],
          isolate: false,
        },
      },
    ],
  },
});
