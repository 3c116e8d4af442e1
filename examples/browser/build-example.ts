import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';

/** Sizes of one build, in bytes (minified; gzip as a server would send them). */
export interface BundleSizes {
  /** What the page loads before its first request: the entry and the chunks it imports statically. */
  initial: { bytes: number; gzip: number; files: string[] };
  /** The tokenizer chunk, fetched by the first request that counts tokens. */
  tokenizer: { bytes: number; gzip: number; file: string };
}

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * Output files the entry loads before it runs: itself and its static imports, transitively
 * (chunks reached only through `import()` are left out).
 *
 * @example
 * const files = initialFiles(result.metafile, 'dist/main.js'); // ['dist/main.js', 'dist/chunks/chunk-X.js']
 */
export function initialFiles(metafile: Metafile, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of metafile.outputs[file]?.imports ?? []) if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(entry);
  return [...seen];
}

/**
 * Bundle examples/browser for the browser: esbuild, ES modules with code splitting, so the
 * tokenizer (the o200k_base vocabulary, about 2.1 MB of base64) is a chunk of its own that
 * the simulator imports on first use. Copies index.html and msw's worker script beside it.
 *
 * @example
 * const { sizes } = await buildBrowserExample({ outdir: 'examples/browser/dist' });
 * console.log(sizes.initial.bytes, sizes.tokenizer.bytes);
 */
export async function buildBrowserExample(options: { outdir: string }): Promise<{ outdir: string; sizes: BundleSizes; metafile: Metafile }> {
  const { outdir } = options;
  await mkdir(outdir, { recursive: true });
  const result = await build({
    entryPoints: { main: join(here, 'main.ts') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser', // a node-only import fails the build instead of reaching the page
    target: 'es2022',
    minify: true,
    metafile: true,
    // The repo's own sources (the package's `gatewaykit-source` export condition); an app that
    // installs gatewaykit gets dist/ instead and needs no condition.
    conditions: ['gatewaykit-source'],
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'silent',
  });
  const msw = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
  await copyFile(msw, join(outdir, 'mockServiceWorker.js'));
  await copyFile(join(here, 'index.html'), join(outdir, 'index.html'));

  const metafile = result.metafile;
  const outputs = Object.keys(metafile.outputs).filter((f) => f.endsWith('.js'));
  // The page's entry (esbuild names each dynamically imported module an entry point too).
  const entry = outputs.find((f) => resolve(metafile.outputs[f]?.entryPoint ?? '') === join(here, 'main.ts'));
  const tokenizer = outputs.find((f) => Object.keys(metafile.outputs[f]?.inputs ?? {}).some((i) => /generation\/o200k-table\.[jt]s$/.test(i)));
  if (!entry || !tokenizer) throw new Error('build: entry or tokenizer chunk missing from the metafile');
  const measure = async (file: string) => {
    const bytes = await readFile(file);
    return { bytes: bytes.length, gzip: gzipSync(bytes).length };
  };
  const initial = initialFiles(metafile, entry);
  const sizes = await Promise.all(initial.map(measure));
  return {
    outdir,
    metafile,
    sizes: {
      initial: { bytes: sizes.reduce((n, s) => n + s.bytes, 0), gzip: sizes.reduce((n, s) => n + s.gzip, 0), files: initial },
      tokenizer: { ...(await measure(tokenizer)), file: tokenizer },
    },
  };
}
