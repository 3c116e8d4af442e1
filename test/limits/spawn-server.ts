import { inject } from 'vitest';
import type { ServeOptions } from '../../src/adapter/node/create-server.ts';
import { forkChild } from '../support/fork-child.ts';
import type { ChildStats } from './server-child.ts';

export interface ChildServer {
  readonly baseUrl: string;
  /** Bugs the child's gateway reported (onError). */
  readonly bugs: string[];
  stats(): Promise<ChildStats>;
  stop(): Promise<void>;
}

/** Fork a server process (port 0, loopback, GC exposed) and wait until it listens. */
export async function spawnServer(options: Omit<ServeOptions, 'gateway' | 'clock'> = {}): Promise<ChildServer> {
  const bugs: string[] = [];
  // server-child.ts, bundled once per run (test/setup/child-bundles.ts): plain node starts it.
  const child = await forkChild<ChildStats>(inject('serverChildBundle'), [JSON.stringify(options)], {
    plain: true,
    execArgv: ['--expose-gc'],
    onMessage: (m) => {
      const bug = (m as { bug?: string } | null)?.bug;
      if (bug) bugs.push(bug);
    },
  });
  return { baseUrl: child.url, bugs, stats: child.stats, stop: child.stop };
}
