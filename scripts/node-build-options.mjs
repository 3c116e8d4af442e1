/**
 * The esbuild options every build of the sources for plain node shares (`npm start`'s bundle and
 * per-file build, the tests' CLI bundle): ES modules for Node 20, packages left to node_modules as
 * in the published package.
 */
export const NODE_BUILD_OPTIONS = Object.freeze({
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
