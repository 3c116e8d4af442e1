import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChildStats } from './servers/child-stats.ts';

export interface BenchChild {
  /** Base URL the child listens on. */
  readonly url: string;
  readonly process: ChildProcess;
  stats(): Promise<ChildStats>;
  stop(): Promise<void>;
}

/** Fork `bench/servers/<name>.ts` under tsx and wait for its URL. Its memory is its own. */
export async function spawnChild(name: string, args: string[] = []): Promise<BenchChild> {
  const file = fileURLToPath(new URL(`./servers/${name}.ts`, import.meta.url));
  const child = fork(file, args, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const url = await new Promise<string>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${name} exited before listening (code ${code})`));
    child.once('exit', onExit);
    child.once('error', reject);
    child.on('message', (m: { url?: string }) => {
      if (!m.url) return;
      child.off('exit', onExit);
      resolve(m.url);
    });
  });
  return {
    url,
    process: child,
    stats: () =>
      new Promise<ChildStats>((resolve) => {
        const on = (m: { stats?: ChildStats }) => {
          if (!m.stats) return;
          child.off('message', on);
          resolve(m.stats);
        };
        child.on('message', on);
        child.send('stats');
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.send('stop');
      }),
  };
}
