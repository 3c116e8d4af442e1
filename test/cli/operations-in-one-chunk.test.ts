import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error a build script in plain JavaScript, without declarations
import { operationsInOneChunk } from '../../scripts/operations-in-one-chunk.mjs';

/**
 * The bundles' plugin (dist/ and `npm start`'s): every operation's handlers in one chunk, every
 * operation's docs in another, so that the code a server loads once it listens holds no docs and
 * each `load()` and `loadDocs()` still answers its own folder's module.
 */
let dir: string;
let chunks: Record<string, string>;

function operationFolder(name: string): Record<string, string> {
  return {
    [`src/operations/${name}/operation.ts`]: `export const ${name}Operation = { name: '${name}', load: () => import('./handlers.ts'), loadDocs: () => import('./docs.ts') };`,
    [`src/operations/${name}/handlers.ts`]: `export const handlers = () => 'HANDLERS_OF_${name}';`,
    [`src/operations/${name}/docs.ts`]: `export const docs = { prose: 'DOCS_OF_${name}' };`,
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gatewaykit-chunks-'));
  const files = {
    ...operationFolder('alpha'),
    ...operationFolder('beta'),
    'src/entry.ts': `import { alphaOperation } from './operations/alpha/operation.ts';\nimport { betaOperation } from './operations/beta/operation.ts';\nexport const table = [alphaOperation, betaOperation];`,
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  await build({
    entryPoints: [join(dir, 'src/entry.ts')],
    outdir: join(dir, 'out'),
    bundle: true,
    splitting: true,
    format: 'esm',
    outExtension: { '.js': '.mjs' },
    plugins: [operationsInOneChunk()],
    logLevel: 'silent',
  });
  chunks = Object.fromEntries(readdirSync(join(dir, 'out')).map((file) => [file, readFileSync(join(dir, 'out', file), 'utf8')]));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('operations-in-one-chunk (the bundles’ plugin)', () => {
  it('puts every operation’s handlers in one chunk and every operation’s docs in another', () => {
    const holding = (marker: string) => Object.keys(chunks).filter((file) => chunks[file]!.includes(marker));
    const [code] = holding('HANDLERS_OF_alpha');
    const [docs] = holding('DOCS_OF_alpha');
    expect(holding('HANDLERS_OF_alpha')).toEqual([code]);
    expect(holding('HANDLERS_OF_beta')).toEqual([code]);
    expect(holding('DOCS_OF_alpha')).toEqual([docs]);
    expect(holding('DOCS_OF_beta')).toEqual([docs]);
    expect(code).not.toBe(docs);
    expect(code).not.toBe('entry.mjs');
    expect(docs).not.toBe('entry.mjs');
  });

  it('each load() and loadDocs() of the bundle answers its own folder’s module', async () => {
    const { table } = (await import(pathToFileURL(join(dir, 'out/entry.mjs')).href)) as {
      table: { name: string; load(): Promise<{ handlers(): string }>; loadDocs(): Promise<{ docs: { prose: string } }> }[];
    };
    for (const operation of table) {
      expect((await operation.load()).handlers()).toBe(`HANDLERS_OF_${operation.name}`);
      expect((await operation.loadDocs()).docs.prose).toBe(`DOCS_OF_${operation.name}`);
    }
  });
});
