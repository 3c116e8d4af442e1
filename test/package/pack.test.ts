import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KNOWN_SIMULATOR_GAPS } from '../../conformance/test-helpers/known-simulator-gaps.ts';

/**
 * The package as users get it: `npm pack` (which runs `prepack`, the build), installed from the
 * tarball into a fresh project, then imported with plain Node 20 (no tsx), type-checked with tsc,
 * and its bin started. Nothing here runs on the TypeScript sources.
 */

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** Packing builds dist/; do it in a copy so the working tree (and parallel runs) never see it. */
const SOURCES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'src',
  'conformance',
  'fixtures',
  'bin',
  'scripts/emit-cts-declarations.mjs',
  'scripts/bundle-dist.mjs',
  'scripts/operations-in-one-chunk.mjs',
  'scripts/prune-declarations.mjs',
  'scripts/vendor-declarations.mjs',
  'scripts/vendored-packages.mjs',
  'docs',
  'bench/RESULTS.md',
  'README.md',
  'CHANGELOG.md',
  'LICENSE',
];

/** The conform command is built in parallel; run its check once the CLI registers it. */
const HAS_CONFORM = /\bconform\b/.test(readFileSync(join(repo, 'src/cli/main.ts'), 'utf8'));

let work: string;
let project: string;
let tarball: string;
let packedFiles: string[] = [];

async function sh(cmd: string, args: string[], cwd: string, timeout = 150_000) {
  return run(cmd, args, { cwd, timeout, maxBuffer: 32 * 1024 * 1024, env: { ...process.env, npm_config_update_notifier: 'false' } }).catch(
    (error: Error & { stdout?: string; stderr?: string }) => {
      // Keep the tool's own output (tsc errors, npm logs) in the failure message.
      error.message = `${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`;
      throw error;
    },
  );
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'gatewaykit-pack-'));
  const copy = join(work, 'repo');
  for (const entry of SOURCES) {
    if (!existsSync(join(repo, entry))) continue;
    cpSync(join(repo, entry), join(copy, entry), { recursive: true, filter: (src) => !src.includes(`${join(repo, 'dist')}`) });
  }
  symlinkSync(join(repo, 'node_modules'), join(copy, 'node_modules'), 'dir');
  // The pack builds the whole package (tsc): allow for a loaded machine.
  const { stdout } = await sh(npm, ['pack', '--json', '--pack-destination', work], copy, 300_000);
  // npm prints the prepack script's output before the JSON document.
  const report = JSON.parse(stdout.slice(stdout.indexOf('[\n'))) as Array<{ filename: string; files: Array<{ path: string }> }>;
  packedFiles = report[0]!.files.map((f) => f.path);
  tarball = join(work, report[0]!.filename);

  project = join(work, 'app');
  cpSync(join(repo, 'test/package/fixture-app'), project, { recursive: true });
  const devVersions = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).devDependencies as Record<string, string>;
  // Versions the repo itself was tested with, so --prefer-offline finds them in the npm cache.
  await sh(
    npm,
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel=error',
      tarball,
      `typescript@${devVersions.typescript}`,
      `@types/node@${devVersions['@types/node']}`,
      `vitest@${devVersions.vitest}`,
    ],
    project,
  );
}, 600_000);

// Removing a whole npm install can outlast the default hook timeout on a loaded machine.
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
}, 120_000);

describe('the packed package', () => {
  test('ships the build, the bin and the docs, and no sources or tests', () => {
    expect(packedFiles).toContain('bin/gatewaykit.js');
    expect(packedFiles).toContain('dist/src/index.js');
    expect(packedFiles).toContain('dist/src/index.d.ts');
    expect(packedFiles).toContain('dist/fixtures/catalog.json');
    expect(packedFiles).toContain('README.md');
    expect(packedFiles).toContain('docs/api.md');
    expect(packedFiles).toContain('docs/record-replay.md');
    expect(packedFiles).toContain('bench/RESULTS.md');
    expect(packedFiles.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    expect(packedFiles.filter((f) => /\.test\.|\/test\//.test(f))).toEqual([]);
    // The suite's mutants (deliberately broken gateways) and test helpers are for its own tests only.
    expect(packedFiles.filter((f) => /^dist\/conformance\/(mutants|test-helpers)\/|^dist\/conformance\/operations\/.*mutants\./.test(f))).toEqual([]);
    expect(packedFiles).toContain('dist/conformance/index.js');
  });

  test('ships each entry bundled with shared chunks, not one file per module (decisions 0090, 0108)', () => {
    const scripts = packedFiles.filter((f) => f.endsWith('.js'));
    const declarations = packedFiles.filter((f) => f.endsWith('.d.ts'));
    expect(scripts.length).toBeGreaterThan(0);
    // The operations' code is one more chunk, loaded on first use (decision 0108).
    expect(scripts.length).toBeLessThan(declarations.length / 3);
    // The browser map swaps this file for its twin by path, so it stays a file of its own.
    expect(packedFiles).toContain('dist/src/msw/msw-http.js');
    expect(packedFiles).toContain('dist/src/msw/msw-http.browser.js');
  });

  test('every export target exists in the installed package', () => {
    const installed = join(project, 'node_modules/gatewaykit');
    const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { exports: Record<string, string | Record<string, string>> };
    const missing: string[] = [];
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      const require = typeof target === 'string' ? undefined : (target.require as unknown as Record<string, string> | undefined);
      const files = typeof target === 'string' ? [target] : [target.types!, target.default!, ...(require ? [require.types!, require.default!] : [])];
      for (const file of files) if (!existsSync(join(installed, file))) missing.push(`${subpath} -> ${file}`);
    }
    expect(missing).toEqual([]);
  });

  test('installs without its optional peers and without the tokenizer package (its one encoding ships as a vocabulary table and its binary image)', () => {
    for (const name of ['recheck', 'recheck-jar', 'junit-report-builder', 'gpt-tokenizer'])
      expect(existsSync(join(project, 'node_modules', name)), name).toBe(false);
    // The management plane's collections (decision 0054) are bundled into dist/ with their types under dist/vendor/
    // (decision 0090): not installed, and not es-toolkit with them.
    for (const name of ['@msw/data', 'es-toolkit', 'mutative']) expect(existsSync(join(project, 'node_modules', name)), name).toBe(false);
    expect(packedFiles).toContain('dist/vendor/@msw/data/build/index.d.mts');
    expect(packedFiles).toContain('dist/vendor/@msw/data/LICENSE.md');
    expect(packedFiles).toContain('dist/vendor/es-toolkit/LICENSE');
    // The encoding is a chunk of its own, loaded on the first token count.
    const encoding = packedFiles.find((f) => /^dist\/chunks\/o200k-encoding-\w+\.js$/.test(f));
    expect(encoding).toBeDefined();
    // Read in place under node, beside the chunk that reads it (the encoding's); without it the table would be built from the base64 module, slower.
    expect(packedFiles).toContain('dist/chunks/o200k-table.bin.br');
    for (const f of packedFiles.filter((p) => p.endsWith('.js')))
      expect(readFileSync(join(project, 'node_modules/gatewaykit', f), 'utf8'), f).not.toMatch(/from ['"]gpt-tokenizer/);
  });

  test('imports with plain Node (no TypeScript loader) and answers a request', async () => {
    const { stdout } = await sh(process.execPath, ['runtime.mjs'], project);
    const result = JSON.parse(stdout) as Record<string, unknown>;
    expect(result).toMatchObject({
      createGateway: 'function',
      startServer: 'function',
      runConformance: 'function',
      responsesStatus: 200,
      unauthenticatedStatus: 401,
      resultParses: true,
      managementListStatus: 200,
      managementListed: true,
    });
  });

  test('type-checks a TypeScript consumer (strict, NodeNext) against the shipped declarations', async () => {
    const tsc = join(project, 'node_modules/typescript/bin/tsc');
    const result = await sh(process.execPath, [tsc, '--noEmit', '-p', '.'], project).catch((e: { stdout: string; stderr: string }) => e);
    expect(`${result.stdout}${result.stderr}`.trim()).toBe('');
  });

  test('the gatewaykit/vitest fixture runs under vitest in the consumer project', async () => {
    const vitest = join(project, 'node_modules/vitest/vitest.mjs');
    const result = await sh(process.execPath, [vitest, 'run'], project).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    // vitest colours its summary when it thinks it may.
    const output = `${result.stdout}${result.stderr}`.replace(/\x1b\[[0-9;]*m/g, '');
    expect(result.code, output).toBe(0);
    expect(output).toMatch(/Tests\s+2 passed/);
  });

  test('`gatewaykit serve --port 0` starts, answers, and stops on SIGTERM', async () => {
    const server = await startBin(project);
    try {
      const ask = (key: string) =>
        fetch(`${server.baseUrl}/responses`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'Hello' }),
        });
      expect((await ask('sk-gw-test')).status).toBe(200);
      expect((await ask('sk-nope')).status).toBe(401);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exit).toBe(0);
  });

  test.skipIf(!HAS_CONFORM)(
    '`gatewaykit conform` runs against the served simulator and passes',
    async () => {
      // A virtual clock lets the suite move video jobs along instead of waiting in real time.
      const server = await startBin(project, ['--clock', 'virtual']);
      try {
        const bin = join(project, 'node_modules/.bin/gatewaykit');
        const result = await sh(
          bin,
          [
            'conform',
            '--base-url',
            server.baseUrl,
            '--api-key',
            'sk-gw-test',
            '--runs',
            '1',
            '--seed',
            '1',
            ...(Object.keys(KNOWN_SIMULATOR_GAPS).length > 0 ? ['--skip', Object.keys(KNOWN_SIMULATOR_GAPS).join(',')] : []),
          ],
          project,
          150_000,
        ).then(
          (r) => ({ code: 0, ...r }),
          (e: { code: number; stdout: string; stderr: string }) => e,
        );
        expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
      } finally {
        server.child.kill('SIGTERM');
        await server.exit;
      }
    },
    180_000,
  );
});

interface BinServer {
  child: ChildProcess;
  baseUrl: string;
  exit: Promise<number | null>;
}

/** Start the installed bin on a free port and read the base URL from its "listening on" line. */
async function startBin(cwd: string, extra: string[] = []): Promise<BinServer> {
  const child = spawn(join(cwd, 'node_modules/.bin/gatewaykit'), ['serve', '--port', '0', ...extra], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  const lines = createInterface({ input: child.stdout! });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      const match = /listening on (\S+)/.exec(line);
      if (match) resolve(match[1]!);
    });
    void exit.then((code) => reject(new Error(`gatewaykit serve exited (${code}) before listening: ${stderr}`)));
  });
  return { child, baseUrl, exit };
}

describe('a CommonJS TypeScript consumer (moduleResolution NodeNext)', () => {
  test('setupServer(...gateway.handlers) compiles as it is (the package ships .d.cts types for require); the older fixes still compile', async () => {
    // Inside the consumer project, so gatewaykit and msw resolve from the same node_modules.
    const dir = join(project, 'cjs-consumer');
    cpSync(join(repo, 'test/package/cjs-consumer'), dir, { recursive: true });
    const tsc = join(project, 'node_modules/typescript/bin/tsc');
    const result = await sh(process.execPath, [tsc, '--noEmit', '-p', '.'], dir).then(
      (r) => `${r.stdout}${r.stderr}`,
      (e: { stdout: string; stderr: string }) => `${e.stdout}${e.stderr}`,
    );
    const errors = result.split('\n').filter((l) => /error TS\d+/.test(l));
    // naive.ts (the README's form, no cast), with-cast.ts and setup.mts: all clean.
    expect(errors).toEqual([]);
  });
});

describe("the container image's entry command (Dockerfile)", () => {
  test('from a clean `npm ci --omit=dev` of the packed tarball it starts on 0.0.0.0 and answers; the health check passes', async () => {
    const dockerfile = readFileSync(join(repo, 'Dockerfile'), 'utf8');
    const instruction = (name: string) => JSON.parse(new RegExp(`^${name} (\\[.*\\])$`, 'm').exec(dockerfile)![1]!) as string[];
    const entrypoint = instruction('ENTRYPOINT');
    const cmd = instruction('CMD');
    const health = JSON.parse(/^\s+CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
    expect(dockerfile).toMatch(/^FROM node:20-slim$/m);
    expect(cmd).toEqual(['serve', '--host', '0.0.0.0', '--port', '8080']);
    // The image runs node with the flags `npm start` gives it (docs/performance.md).
    const start = (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.split(' ');
    expect(entrypoint.slice(1, -1)).toEqual(start.slice(1, start.indexOf('scripts/start.mjs')));
    // What the image's build stage does: a project depending on the tarball, its lockfile made
    // by npm; then the run stage's clean install of what it needs at run time.
    const app = join(work, 'image-app');
    await sh('mkdir', ['-p', app], work);
    cpSync(tarball, join(app, 'gatewaykit.tgz'));
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'gatewaykit-image', private: true }));
    await sh(npm, ['install', '--package-lock-only', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', './gatewaykit.tgz'], app, 240_000);
    await sh(npm, ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], app, 240_000);
    expect(existsSync(join(app, 'node_modules/gatewaykit/bin/gatewaykit.js'))).toBe(true);
    expect(existsSync(join(app, 'node_modules/vitest'))).toBe(false);
    // The entry command as the image runs it (port 0 instead of 8080: tests run in parallel).
    const args = [...entrypoint.slice(1), ...cmd.map((a, i) => (cmd[i - 1] === '--port' ? '0' : a))];
    const child = spawn(entrypoint[0] === 'node' ? process.execPath : entrypoint[0]!, args, {
      cwd: app,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      let stderr = '';
      child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
      const lines = createInterface({ input: child.stdout! });
      const baseUrl = await new Promise<string>((resolve, reject) => {
        lines.on('line', (line) => {
          const match = /listening on (\S+)/.exec(line);
          if (match) resolve(match[1]!);
        });
        void exit.then((code) => reject(new Error(`the entry command exited (${code}) before listening: ${stderr}`)));
      });
      expect(baseUrl).toMatch(/^http:\/\/0\.0\.0\.0:\d+\/api\/v1$/);
      const port = new URL(baseUrl).port;
      const models = await fetch(`http://127.0.0.1:${port}/api/v1/models`, { headers: { authorization: 'Bearer sk-gw-test' } });
      expect(models.status).toBe(200);
      // The HEALTHCHECK command, pointed at this port.
      const check = await sh(
        health[0] === 'node' ? process.execPath : health[0]!,
        health.slice(1).map((a) => a.replace('127.0.0.1:8080', `127.0.0.1:${port}`)),
        app,
      ).then(
        () => 0,
        () => 1,
      );
      expect(check).toBe(0);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exit).toBe(0);
  }, 300_000);
});
