// After tsc: the JavaScript of dist/ bundled by esbuild, one file per entry (each export of
// package.json and the CLI the bin runs) and shared chunks, in place of tsc's file per module.
// Node then resolves, reads and links a few dozen files at import instead of several hundred,
// and the tarball carries fewer small files (docs/decisions/0090). Code splitting keeps one copy
// of every module across the entries (a class is the same class whichever export it came from)
// and keeps every dynamic `import()` a separate chunk, so what loads on first use still does.
// Left as tsc wrote them: the declaration files, the JSON files (node parses them as JSON), and
// msw-http.js beside its browser twin (package.json "browser" swaps one for the other by path).
// Packages stay external, except those in VENDORED: bundled with what they import (decision 0090).
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';
import { VENDORED } from './vendored-packages.mjs';
import { operationsInOneChunk } from './operations-in-one-chunk.mjs';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const dist = resolve(process.argv[2] ?? join(root, 'dist'));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/** Modules kept as separate files, imported by path from the bundles. */
const KEPT = /(\.json|\/msw-http\.js)$/;
const MARK = '@@gatewaykit-kept@@';
// The tokenizer's table image, read beside the module that loads it (src/generation/load-o200k-ranks.ts).
const TABLE = 'o200k-table.bin.br';
const TABLE_READER = 'src/generation/load-o200k-ranks.js';

/** Every `dist/...js` an export (or the bin, through dist/src/cli/main.js) points at. */
function entryFiles() {
  const targets = new Set(['./dist/src/cli/main.js', './dist/src/msw/msw-http.js']);
  const visit = (value) => {
    if (typeof value === 'string') {
      if (/^\.\/dist\/.*\.js$/.test(value)) targets.add(value);
    } else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(pkg.exports);
  return Object.fromEntries([...targets].map((t) => [t.slice('./dist/'.length, -'.js'.length), join(root, t)]));
}

/** Imports of kept files stay imports, written as a marked absolute path and made relative below. */
const keepSeparate = {
  name: 'keep-separate',
  setup(b) {
    b.onResolve({ filter: KEPT }, (args) => {
      if (args.kind === 'entry-point' || !args.path.startsWith('.')) return undefined;
      return { path: `${MARK}${resolve(args.resolveDir, args.path)}`, external: true };
    });
  },
};

/** A package import stays an import, unless it is vendored or made from inside a vendored package. */
const packagesExternal = {
  name: 'packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || args.path.startsWith(MARK)) return undefined;
      if (VENDORED.includes(args.path) || args.importer.includes(`${sep}node_modules${sep}`)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

function jsFilesUnder(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) jsFilesUnder(p, out);
    else if (e.name.endsWith('.js')) out.push(p);
  }
  return out;
}

const { outputFiles, metafile } = await build({
  entryPoints: entryFiles(),
  outdir: dist,
  outbase: dist,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  write: false,
  metafile: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [operationsInOneChunk(), keepSeparate, packagesExternal],
  logLevel: 'warning',
  absWorkingDir: root,
});

// tsc's modules go (the browser twin stays: no entry imports it, the browser map does).
for (const file of jsFilesUnder(dist)) if (!file.endsWith(`${sep}msw-http.browser.js`)) rmSync(file);
for (const file of outputFiles) {
  // esbuild drops the attribute of an external import; node needs it back on a JSON import.
  const text = file.text.replaceAll(new RegExp(`${MARK}([^'"]+)(['"])`, 'g'), (_, target, quote) => {
    const path = relative(dirname(file.path), target).split(sep).join('/');
    return `${path.startsWith('.') ? path : `./${path}`}${quote}${target.endsWith('.json') ? ' with { type: "json" }' : ''}`;
  });
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, text);
}
for (const [output, { inputs }] of Object.entries(metafile.outputs)) {
  if (Object.keys(inputs).some((input) => resolve(root, input) === join(dist, TABLE_READER)))
    copyFileSync(join(root, 'src/generation', TABLE), join(root, dirname(output), TABLE));
}
// Folders tsc filled with modules that now live in the bundles.
function removeEmpty(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) removeEmpty(join(dir, e.name));
  if (readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
}
removeEmpty(dist);
