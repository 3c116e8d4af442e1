import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';

/** The modules each operation's `operation.ts` imports lazily, and the chunk each kind goes into. */
const PARTS = [
  { file: 'handlers', chunk: 'gatewaykit:operations-code' },
  { file: 'docs', chunk: 'gatewaykit:operations-docs' },
];
const OPERATION_FILE = /[\\/]operations[\\/]([^\\/]+)[\\/]operation\.[jt]s$/;
const CHUNK = /^gatewaykit:operations-(code|docs)\.[jt]s$/;

/**
 * An esbuild plugin for the bundles (dist/ and `npm start`'s): every operation's code (its
 * folder's handlers module, which each `operation.load()` imports) goes into one chunk, loaded
 * by the first `load()` of any of them, and every operation's docs (`operation.loadDocs()`, read
 * only by `/openapi.json`) into another, instead of a chunk per operation plus a chunk per set of
 * modules some of them share: one file to load for a server that loads every operation's code
 * once it listens, and dozens of files fewer in the package (docs/decisions/0108).
 */
export function operationsInOneChunk() {
  return {
    name: 'operations-in-one-chunk',
    setup(b) {
      // The operations folder, by the extension of the files built (.ts sources, tsc's .js).
      const folders = new Map();
      b.onLoad({ filter: OPERATION_FILE }, (args) => {
        const name = OPERATION_FILE.exec(args.path)[1];
        const ext = extname(args.path);
        let text = readFileSync(args.path, 'utf8');
        let found = false;
        for (const part of PARTS) {
          const own = new RegExp(`import\\((['"])\\./${part.file}\\.[jt]s\\1\\)`);
          if (!own.test(text)) continue;
          found = true;
          text = text.replace(own, `import(${JSON.stringify(`${part.chunk}${ext}`)}).then((all) => all.code[${JSON.stringify(name)}])`);
        }
        if (!found) return undefined;
        folders.set(ext, dirname(dirname(args.path)));
        return { contents: text, loader: ext === '.ts' ? 'ts' : 'js', resolveDir: dirname(args.path) };
      });
      b.onResolve({ filter: CHUNK }, (args) => ({ path: args.path, namespace: 'operations-code' }));
      b.onLoad({ filter: /.*/, namespace: 'operations-code' }, (args) => {
        const ext = extname(args.path);
        const part = PARTS.find((p) => args.path.startsWith(`${p.chunk}.`));
        const folder = folders.get(ext);
        const names = readdirSync(folder).filter((entry) => existsSync(join(folder, entry, `${part.file}${ext}`)));
        const lines = names.map((entry, i) => `import * as m${i} from ${JSON.stringify(join(folder, entry, `${part.file}${ext}`))};`);
        lines.push(`export const code = { ${names.map((entry, i) => `${JSON.stringify(basename(entry))}: m${i}`).join(', ')} };`);
        return { contents: lines.join('\n'), loader: 'js', resolveDir: folder };
      });
    },
  };
}
