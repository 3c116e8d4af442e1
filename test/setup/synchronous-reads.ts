import { readFileSync } from 'node:fs';
import fsp from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';

/**
 * Makes `fs/promises.readFile` of a file under `root` one synchronous read, for vitest's main
 * process only (vitest.config.ts calls it). A worker imports its modules one after another, and
 * for each the main process reads the source (to key the module cache) and the cached transform
 * with `readFile`: a file handle opened, stated, read and closed, each step a trip through the
 * thread pool, while the worker waits. The repository's files are small; read at once, the same
 * bytes come back (a missing file still rejects with ENOENT) and the worker waits less
 * (decision 0114). Other paths, and file handles or URLs, keep node's own `readFile`.
 */
export function readRepositoryFilesSynchronously(root: string): void {
  const original = fsp.readFile;
  const readFile = (path: unknown, options?: unknown): Promise<string | Buffer> => {
    if (typeof path !== 'string' || !path.startsWith(root)) return (original as (p: unknown, o?: unknown) => Promise<string | Buffer>)(path, options);
    try {
      return Promise.resolve(readFileSync(path, options as Parameters<typeof readFileSync>[1]));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  };
  fsp.readFile = readFile as typeof fsp.readFile;
  // ES module imports of `node:fs/promises` (vitest's and vite's) see the new function too.
  syncBuiltinESMExports();
}
