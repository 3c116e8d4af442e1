import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';

const ALL = 'gatewaykit:operations-code';
const OPERATION_FILE = /[\\/]operations[\\/]([^\\/]+)[\\/]operation\.[jt]s$/;

/**
 * An esbuild plugin for the bundles (dist/ and `npm start`'s): every operation's code (its
 * folder's handlers module, which each `operation.load()` imports) goes into one chunk, loaded
 * by the first `load()` of any of them, instead of a chunk per operation plus a chunk per set of
 * modules some of them share: one file to load for a server that loads them all once it listens,
 * and dozens of files fewer in the package (docs/decisions/0108).
 */
export function operationsInOneChunk() {
  return {
    name: 'operations-in-one-chunk',
    setup(b) {
      // The operations folder, by the extension of the files built (.ts sources, tsc's .js).
      const folders = new Map();
      b.onLoad({ filter: OPERATION_FILE }, (args) => {
        const name = OPERATION_FILE.exec(args.path)[1];
        const own = /import\((['"])\.\/handlers\.[jt]s\1\)/;
        const text = readFileSync(args.path, 'utf8');
        if (!own.test(text)) return undefined;
        folders.set(extname(args.path), dirname(dirname(args.path)));
        const contents = text.replace(own, `import(${JSON.stringify(`${ALL}${extname(args.path)}`)}).then((all) => all.code[${JSON.stringify(name)}])`);
        return { contents, loader: extname(args.path) === '.ts' ? 'ts' : 'js', resolveDir: dirname(args.path) };
      });
      b.onResolve({ filter: new RegExp(`^${ALL}\\.[jt]s$`) }, (args) => ({ path: args.path, namespace: 'operations-code' }));
      b.onLoad({ filter: /.*/, namespace: 'operations-code' }, (args) => {
        const ext = args.path.slice(ALL.length);
        const folder = folders.get(ext);
        const names = readdirSync(folder).filter((entry) => existsSync(join(folder, entry, `handlers${ext}`)));
        const lines = names.map((entry, i) => `import * as m${i} from ${JSON.stringify(join(folder, entry, `handlers${ext}`))};`);
        lines.push(`export const code = { ${names.map((entry, i) => `${JSON.stringify(basename(entry))}: m${i}`).join(', ')} };`);
        return { contents: lines.join('\n'), loader: 'js', resolveDir: folder };
      });
    },
  };
}
