import { fork } from 'node:child_process';
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
  return build ? { file: `${build}/bench/servers/${name}.js`, plain: true } : { file: fileURLToPath(new URL(`./servers/${name}.ts`, import.meta.url)), plain: false };
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
