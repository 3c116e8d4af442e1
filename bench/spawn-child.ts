import { fork, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { forkChild, type ForkedChild } from '../test/support/fork-child.ts';
import type { ChildStats } from './servers/child-stats.ts';

export type BenchChild = ForkedChild<ChildStats>;

/**
 * `bench/servers/<name>`: compiled in the bench's build (GATEWAYKIT_BENCH_BUILD) and run by plain
 * node, else the TypeScript source under tsx (whose transform would also apply to the compiled
 * package a child imports).
 */
export function childScript(name: string, build = process.env.GATEWAYKIT_BENCH_BUILD): { file: string; plain: boolean } {
  return build
    ? { file: `${build}/bench/servers/${name}.js`, plain: true }
    : { file: fileURLToPath(new URL(`./servers/${name}.ts`, import.meta.url)), plain: false };
}

/** Fork a bench server child and wait for its URL. Its memory is its own. */
export function spawnChild(name: string, args: string[] = []): Promise<BenchChild> {
  const { file, plain } = childScript(name);
  return forkChild<ChildStats>(file, args, { plain });
}

/**
 * Run a one-shot child (`bench/servers/<name>`) and resolve with the first message that has `key`.
 *
 * @example
 * const r = await runChild<{ us: number }>('in-process-child', [text, '3'], 'us');
 */
export function runChild<T>(name: string, args: string[], key: string): Promise<T> {
  const { file, plain } = childScript(name);
  const child = fork(file, args, { execArgv: plain ? [] : ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise<T>((resolve, reject) => {
    child.on('message', (m: Record<string, unknown>) => {
      if (m && key in m) {
        resolve(m as T);
        child.kill();
      }
    });
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before answering`)));
  });
}

/** A `gatewaykit serve` process, as users start it. */
export interface ServeProcess {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Start `gatewaykit serve --port 0 ...args` as users do: the compiled CLI (GATEWAYKIT_BENCH_BUILD)
 * under plain node, else bin/gatewaykit.js (the sources through tsx); resolves with the base URL
 * of its "listening on" line.
 *
 * @example
 * const server = await spawnServe(['--clock', 'virtual']);
 */
export function spawnServe(args: string[], build = process.env.GATEWAYKIT_BENCH_BUILD): Promise<ServeProcess> {
  const entry = build ? `${build}/src/cli/main.js` : fileURLToPath(new URL('../bin/gatewaykit.js', import.meta.url));
  const child = spawn(process.execPath, [entry, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise<ServeProcess>((resolve, reject) => {
    let seen = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      seen += chunk;
      const url = /listening on (\S+)/.exec(seen)?.[1];
      if (url) {
        child.stdout.removeAllListeners('data');
        child.stdout.resume();
        resolve({ url, stop });
      }
    });
    void exited.then(() => reject(new Error(`gatewaykit serve exited before listening: ${seen.trim()}`)));
  });
}
