// After tsc: remove the declaration files no export's types reach. tsc writes one per module, but
// a user can name only what the package's exports lead to (package.json `exports` admits no deep
// import), so the rest are files on disk for nothing (docs/decisions/0090). Followed: every
// relative `from`, `import()` and `declare module` of a declaration, as scripts/emit-cts-declarations.mjs
// rewrites them.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const dist = resolve(process.argv[2] ?? join(root, 'dist'));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const RELATIVE = /(?:from|import\(|declare module)\s*['"](\.{1,2}\/[^'"]*?)\.[jt]s['"]/g;

/** The `.d.ts` files the exports name (their `.d.cts` twins are written from these later). */
function exportedDeclarations() {
  const out = [];
  const visit = (value) => {
    if (typeof value === 'string') {
      if (value.endsWith('.d.ts')) out.push(join(root, value));
    } else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(pkg.exports);
  return out;
}

function reachable(starts) {
  const seen = new Set();
  const stack = [...starts];
  while (stack.length > 0) {
    const file = stack.pop();
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    for (const [, base] of readFileSync(file, 'utf8').matchAll(RELATIVE)) stack.push(resolve(dirname(file), `${base}.d.ts`));
  }
  return seen;
}

function declarationsUnder(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) declarationsUnder(p, out);
    else if (e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const keep = reachable(exportedDeclarations());
if (keep.size === 0) throw new Error('prune-declarations: no export names a declaration file under dist/');
for (const file of declarationsUnder(dist)) if (!keep.has(file)) rmSync(file);
