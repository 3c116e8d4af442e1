import { rankTableFromImage, type RankTable } from './rank-table.ts';

interface NodeFs {
  readFileSync(path: URL): Uint8Array;
}
interface NodeZlib {
  brotliDecompressSync(bytes: Uint8Array): Uint8Array;
}

/**
 * node's fs when there is one, found without importing a `node:` module, so this file also runs
 * in browsers (the core does: msw's setupWorker). `process.getBuiltinModule` is in every node
 * the package supports (20.19 and later).
 */
function nodeModules(): { fs: NodeFs; zlib: NodeZlib } | undefined {
  const get = typeof process === 'object' ? (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule : undefined;
  if (typeof get !== 'function') return undefined;
  const fs = get('fs') as NodeFs | undefined;
  const zlib = get('zlib') as NodeZlib | undefined;
  return fs && zlib ? { fs, zlib } : undefined;
}

/**
 * The image file beside this module: as it is where a checkout's `npm start` built it, else
 * brotli-compressed (a third of the image's size in the installed package). Not a literal, so
 * bundlers do not copy it into browser builds.
 */
const IMAGE = ['o200k-table', 'bin'].join('.');

/**
 * The o200k_base vocabulary with its hash table. Under node, read in place from the binary image
 * shipped beside this module, once decompressed (nothing on the JavaScript heap); elsewhere,
 * or if the image cannot be read (an application bundled without it), built from the base64
 * module, which is only loaded then.
 */
export async function loadO200kRanks(): Promise<RankTable> {
  const node = nodeModules();
  if (node) {
    const read = (name: string) => node.fs.readFileSync(new URL(`./${name}`, import.meta.url));
    try {
      return rankTableFromImage(read(IMAGE));
    } catch {
      // None as it is: the compressed one.
    }
    try {
      return rankTableFromImage(node.zlib.brotliDecompressSync(read(`${IMAGE}.br`)));
    } catch {
      // Fall through to the base64 module.
    }
  }
  return (await import('./o200k-base64-ranks.ts')).o200kBase64Ranks;
}
