// After scripts/bundle-dist.mjs: the types of the vendored packages (bundled into dist/, not
// installed with gatewaykit; docs/decisions/0090) shipped under dist/vendor/<name>/, so the
// declarations that name them (`Collection` of @msw/data) still resolve, with or without
// skipLibCheck. Each package's declaration files are copied with a package.json that keeps their
// module format, the packages they name are copied the same way, and every import of a vendored
// package (in dist/'s .d.ts and .d.cts and in the copies) becomes a relative path to its copy.
// Each vendored package's licence (and that of every package its code brings into the bundle)
// goes beside it.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { VENDORED } from './vendored-packages.mjs';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const dist = resolve(process.argv[2] ?? join(root, 'dist'));
const vendor = join(dist, 'vendor');
const DECLARATION = /\.d\.(ts|mts|cts)$/;
const BARE = /((?:from|import\()\s*)(['"])([^'"./][^'"]*)\2/g;

const manifest = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'));

/** The declaration file an ES module import of the package resolves to, relative to its folder. */
function typesEntry(pkg) {
  const dot = typeof pkg.exports === 'object' && pkg.exports !== null ? (pkg.exports['.'] ?? pkg.exports) : pkg.exports;
  const types =
    typeof dot === 'string' ? dot.replace(/\.mjs$/, '.d.mts').replace(/\.c?js$/, '.d.ts') : (dot?.import?.types ?? dot?.types ?? pkg.types ?? pkg.typings);
  if (!types) throw new Error(`vendor-declarations: no types entry for ${pkg.name}`);
  return types.replace(/^\.\//, '');
}

/** `x.d.mts` is imported as `x.mjs`, `x.d.cts` as `x.cjs`, `x.d.ts` as `x.js`. */
const asImport = (file) => file.replace(/\.d\.(m|c)?ts$/, (_, f) => `.${f ?? ''}js`);

function specifierTo(fromFile, name) {
  const target = join(vendor, name, asImport(typesEntry(manifest(name))));
  const path = relative(dirname(fromFile), target);
  return path.startsWith('.') ? path : `./${path}`;
}

/** Imports of packages in `names` become relative paths to their copies; other packages found are returned. */
function rewrite(file, names, found) {
  const text = readFileSync(file, 'utf8').replace(BARE, (whole, head, quote, spec) => {
    if (spec.startsWith('node:') || builtinModules.includes(spec)) return whole;
    if (!names.has(spec)) {
      if (!file.startsWith(vendor)) return whole;
      if (!existsSync(join(root, 'node_modules', spec, 'package.json'))) throw new Error(`vendor-declarations: ${file} imports ${spec}, not a package`);
      found.add(spec);
    }
    return `${head}${quote}${specifierTo(file, spec)}${quote}`;
  });
  writeFileSync(file, text);
}

function declarationFiles(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory() && e.name !== 'node_modules') declarationFiles(p, out);
    else if (DECLARATION.test(e.name)) out.push(p);
  }
  return out;
}

/** Copy a package's declaration files (the folder of its types entry) and its licence. */
function copyPackage(name) {
  const from = join(root, 'node_modules', name);
  const pkg = manifest(name);
  const typesDir = dirname(join(from, typesEntry(pkg)));
  for (const file of declarationFiles(typesDir)) {
    const to = join(vendor, name, relative(from, file));
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(file, to);
  }
  writeFileSync(
    join(vendor, name, 'package.json'),
    `${JSON.stringify({ name, version: pkg.version, license: pkg.license, type: pkg.type ?? 'commonjs' }, null, 2)}\n`,
  );
  copyLicence(name);
}

function copyLicence(name) {
  const from = join(root, 'node_modules', name);
  const licence = readdirSync(from).find((f) => /^licen[cs]e/i.test(f));
  if (!licence) throw new Error(`vendor-declarations: ${name} has no licence file`);
  mkdirSync(join(vendor, name), { recursive: true });
  copyFileSync(join(from, licence), join(vendor, name, licence));
}

const typed = new Set(VENDORED);
for (const name of VENDORED) copyPackage(name);
// The packages the copies name, until none is new.
for (let pending = [...VENDORED]; pending.length > 0;) {
  const found = new Set();
  for (const name of pending) for (const file of declarationFiles(join(vendor, name))) rewrite(file, typed, found);
  pending = [...found].filter((name) => !typed.has(name));
  for (const name of pending) {
    typed.add(name);
    copyPackage(name);
  }
}
// gatewaykit's own declarations.
for (const file of declarationFiles(dist)) if (!file.startsWith(vendor)) rewrite(file, new Set(VENDORED), new Set());
// The code bundled from each vendored package's dependencies (their licences travel with it).
const bundled = new Set(VENDORED);
for (let pending = [...VENDORED]; pending.length > 0;) {
  pending = pending.flatMap((name) => Object.keys(manifest(name).dependencies ?? {})).filter((name) => !bundled.has(name));
  for (const name of pending) bundled.add(name);
}
for (const name of bundled) if (!typed.has(name)) copyLicence(name);
