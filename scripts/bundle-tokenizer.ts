/**
 * Part of `npm run build`, after tsc: replace dist/src/generation/o200k-encoding.js (a re-export of
 * gpt-tokenizer's o200k_base encoding) with one ES module holding that encoding and the code it
 * runs, so the published package needs none of gpt-tokenizer's 30 MB install (every encoding, in
 * three module formats) for the 3.4 MB it uses. gpt-tokenizer's MIT notice goes with it.
 */
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const target = `${root}dist/src/generation/o200k-encoding.js`;
if (!existsSync(target)) throw new Error(`bundle-tokenizer: ${target} is missing (run tsc -p tsconfig.build.json first)`);
const pkgFile = createRequire(import.meta.url).resolve('gpt-tokenizer/package.json');
const { version } = JSON.parse(readFileSync(pkgFile, 'utf8')) as { version: string };
const license = readFileSync(new URL('LICENSE', `file://${pkgFile}`), 'utf8').trim();
await build({
  entryPoints: [target],
  outfile: target,
  allowOverwrite: true,
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  legalComments: 'inline',
  banner: { js: `/*! gpt-tokenizer ${version}, o200k_base encoding only, bundled by gatewaykit's build.\n${license}\n*/` },
  logLevel: 'warning',
});
