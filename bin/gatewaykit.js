#!/usr/bin/env node
// Installed package: run the compiled CLI. In a source checkout (no dist/), run the TypeScript via tsx.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const compiled = fileURLToPath(new URL('../dist/src/cli/main.js', import.meta.url));
let mod;
if (existsSync(compiled)) {
  mod = await import(pathToFileURL(compiled).href);
} else {
  await import('tsx/esm');
  mod = await import(new URL('../src/cli/main.ts', import.meta.url).href);
}
process.exitCode = await mod.main(process.argv.slice(2));
