import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ServeOptions } from '../../src/node/create-server.ts';
import type { ChildStats } from './server-child.ts';

export interface ChildServer {
  readonly baseUrl: string;
  readonly child: ChildProcess;
  /** Bugs the child's gateway reported (onError). */
  readonly bugs: string[];
  stats(): Promise<ChildStats>;
  stop(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./server-child.ts', import.meta.url));

/** Fork a server process (port 0, loopback) and wait until it listens. */
export async function spawnServer(options: Omit<ServeOptions, 'gateway' | 'clock'> = {}): Promise<ChildServer> {
  const child = fork(CHILD, [JSON.stringify(options)], { execArgv: ['--import', 'tsx', '--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const bugs: string[] = [];
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`server child exited early (${code})`)));
    child.on('message', (m: { baseUrl?: string; bug?: string }) => {
      if (m.baseUrl) resolve(m.baseUrl);
      if (m.bug) bugs.push(m.bug);
    });
  });
  child.removeAllListeners('exit');
  return {
    baseUrl,
    child,
    bugs,
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
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send('stop');
      }),
  };
}
