import { readFileSync } from 'node:fs';
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

export default defineConfig({
  resolve: { alias: selfAliases },
  test: {
    include: ['src/**/*.test.ts', 'conformance/**/*.test.ts', 'test/**/*.test.ts', 'examples/**/*.test.ts'],
    // CI: one fixed fast-check seed for reproducible runs (test/setup/fast-check-seed.ts).
    setupFiles: ['test/setup/fast-check-seed.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Property tests print their seed on failure (fast-check); keep the output readable.
    reporters: process.env.CI ? ['default', 'junit'] : ['default'],
    outputFile: { junit: 'test-results/junit.xml' },
  },
});
