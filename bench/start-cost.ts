/**
 * `npx tsx bench/start-cost.ts [rounds]`: where running the sources costs more per request than
 * the compiled package. The same default request (`openai/gpt-4o-mini`, a short input, the
 * generated reply) through `gateway.fetch`, CPU time per request, each variant in a fresh child,
 * rounds interleaved:
 * - `compiled`: what `npm run build` emits (tsc), under plain node;
 * - `tsx`: src/ through tsx's loader (what `npm start` used to run);
 * - `esbuild`: src/ bundled by esbuild (what `npm start` now runs, scripts/start.mjs);
 * - `esbuild + keepNames`: the same with esbuild's keep-names, which tsx turns on;
 * - `esbuild + source maps`: the same under `--enable-source-maps`, which tsx turns on.
 * Prints a Markdown table of medians (docs/decisions/0038).
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { median } from './stats.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const rounds = Number(process.argv[2] ?? 3);
const child = fileURLToPath(new URL('./start-cost-child.mjs', import.meta.url));
// Inside the package (ignored by git), so the compiled files and bundles resolve its packages.
const work = `${root}.start/cost-${process.pid}`;

try {
  execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', `${root}tsconfig.build.json`, '--outDir', `${work}/compiled`], {
    stdio: 'inherit',
  });
  const bundle = async (name: string, keepNames: boolean) => {
    const outfile = `${work}/${name}.mjs`;
    await build({
      entryPoints: [`${root}src/index.ts`],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      keepNames,
      logLevel: 'warning',
    });
    return pathToFileURL(outfile).href;
  };
  const plain = await bundle('plain', false);
  const named = await bundle('keep-names', true);
  const variants: Record<string, { args: string[]; url: string }> = {
    compiled: { args: [], url: pathToFileURL(`${work}/compiled/src/index.js`).href },
    tsx: { args: ['--import', 'tsx'], url: pathToFileURL(`${root}src/index.ts`).href },
    esbuild: { args: [], url: plain },
    'esbuild + keepNames': { args: [], url: named },
    'esbuild + source maps': { args: ['--enable-source-maps'], url: plain },
  };
  const cpu: Record<string, number[]> = {};
  for (let r = 0; r < rounds; r++) {
    for (const [name, v] of Object.entries(variants)) {
      const out = execFileSync(process.execPath, [...v.args, child, v.url, '2000', '5000'], { cwd: root, encoding: 'utf8' });
      const { cpuUs } = JSON.parse(out.trim().split('\n').pop()!) as { cpuUs: number };
      (cpu[name] ??= []).push(cpuUs);
      console.error(`[start-cost] round ${r + 1}/${rounds} ${name}: ${cpuUs.toFixed(1)} µs CPU per request`);
    }
  }
  const base = median(cpu.compiled ?? []);
  console.log('| variant | CPU per request (median) | vs compiled | runs |\n|---|---:|---:|---|');
  for (const [name, runs] of Object.entries(cpu)) {
    const m = median(runs);
    console.log(`| ${name} | ${m.toFixed(1)} µs | ${((m / base - 1) * 100).toFixed(1)}% | ${runs.map((x) => x.toFixed(1)).join(', ')} |`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
