import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../src/', import.meta.url));
/** Folders that run under Node only: the node:http adapter, the CLI, the vitest fixture. */
const NODE_ONLY = ['adapter/node/', 'cli/', 'vitest/'];
/** Node globals a browser lacks (used behind a `typeof X` guard on the same line is fine). */
const NODE_GLOBAL = /\b(Buffer|setImmediate|process|__dirname|__filename|require)\s*[.(]/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sources(path);
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The core also runs inside a browser page (msw setupWorker; test/browser/browser-example.test.ts
 * runs it in Chromium). This is the quick check without a browser: no Node global in the files a
 * browser bundle can reach, so a `Buffer.from` in the core fails here, not in a user's app.
 */
describe('the browser-reachable core uses no Node globals', () => {
  it('has no Buffer, setImmediate, process, require, __dirname outside the Node-only folders', () => {
    const found: string[] = [];
    for (const file of sources(src)) {
      const rel = relative(src, file).replace(/\\/g, '/');
      if (NODE_ONLY.some((dir) => rel.startsWith(dir))) continue;
      const text = readFileSync(file, 'utf8');
      // Node-only modules (they import node:...) are kept out of the browser bundle by esbuild's
      // platform check; globals are not, so they are the ones looked for here.
      if (/from 'node:/.test(text)) continue;
      text.split('\n').forEach((line, i) => {
        const code = line.replace(/\/\*.*?\*\//g, '').replace(/\/\/.*$/, '');
        if (/^\s*\*/.test(code)) return; // JSDoc
        const name = NODE_GLOBAL.exec(code)?.[1];
        if (name && !code.includes(`typeof ${name}`)) found.push(`${rel}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('imports node: modules only in the Node-only folders (file readers and writers, the recorder, live in adapter/node/)', () => {
    const importers = sources(src)
      .map((file) => relative(src, file).replace(/\\/g, '/'))
      .filter((rel) => !NODE_ONLY.some((dir) => rel.startsWith(dir)))
      .filter((rel) => /from 'node:/.test(readFileSync(join(src, rel), 'utf8')));
    expect(importers).toEqual([]);
  });
});
