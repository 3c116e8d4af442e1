import { fileURLToPath } from 'node:url';
import { forkChild, type ForkedChild } from '../test/support/fork-child.ts';
import type { ChildStats } from './servers/child-stats.ts';

export type BenchChild = ForkedChild<ChildStats>;

/** Fork `bench/servers/<name>.ts` under tsx and wait for its URL. Its memory is its own. */
export function spawnChild(name: string, args: string[] = []): Promise<BenchChild> {
  return forkChild<ChildStats>(fileURLToPath(new URL(`./servers/${name}.ts`, import.meta.url)), args);
}
