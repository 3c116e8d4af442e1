// Beside every declaration file of dist/ (.d.ts, read by ESM projects), write its CommonJS twin
// (.d.cts), with relative imports pointing at the twins. A CommonJS TypeScript project resolves
// gatewaykit's `require` types to these, and through them every package gatewaykit's types name
// (msw's `HttpHandler`) in its CommonJS form: the form its own `msw/node` import gets, so
// `setupServer(...gateway.handlers)` compiles without a cast (docs/api.md).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** `from './x.ts'` (or `.js`), `import('./x.ts')`, `declare module './x.ts'` -> the twin's `./x.cts` (`./x.cjs`). */
export function toCommonJsDeclaration(text) {
  return text.replace(/((?:from|import\(|declare module)\s*['"])(\.{1,2}\/[^'"]*?)\.([jt])s(['"])/g, '$1$2.c$3s$4');
}

function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (entry.name.endsWith('.d.ts')) writeFileSync(path.replace(/\.d\.ts$/, '.d.cts'), toCommonJsDeclaration(readFileSync(path, 'utf8')));
  }
}

walk(process.argv[2] ?? 'dist');
