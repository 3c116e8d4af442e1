#!/usr/bin/env node
// In a source checkout (src/ present) run the TypeScript via tsx, so a stale dist/ left by
// `npm pack` never shadows the sources. The published package ships dist/ only.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const source = new URL('../src/cli/main.ts', import.meta.url);
const compiled = new URL('../dist/src/cli/main.js', import.meta.url);
let mod;
if (existsSync(fileURLToPath(source))) {
  await import('tsx/esm');
  mod = await import(source.href);
} else {
  mod = await import(compiled.href);
}
process.exitCode = await mod.main(process.argv.slice(2));
