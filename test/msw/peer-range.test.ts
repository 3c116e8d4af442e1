import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test } from 'vitest';

/**
 * msw is a peer dependency (docs/decisions/0016-msw-cancel-hang.md): the suite runs on the
 * installed copy, which must lie in the declared range, and the lowest version of the range must
 * be one whose APIs gatewaykit's msw code was checked against (2.7.0).
 */
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  peerDependencies: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const installed = (createRequire(import.meta.url)('msw/package.json') as { version: string }).version;
const parts = (v: string) => v.split('.').map(Number) as [number, number, number];

test('msw is a peer dependency (^2.7.0), not a dependency, and the installed msw is in its range', () => {
  expect(pkg.dependencies.msw).toBeUndefined();
  expect(pkg.peerDependencies.msw).toBe('^2.7.0');
  expect(pkg.devDependencies.msw).toBeDefined();
  const [major, minor] = parts(installed);
  const [lowMajor, lowMinor] = parts(pkg.peerDependencies.msw!.slice(1));
  expect(major).toBe(lowMajor);
  expect(minor).toBeGreaterThanOrEqual(lowMinor);
});
