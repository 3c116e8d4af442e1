import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Where the throughput step ran its processes, as RESULTS.md tells it. */
export interface CpuPinning {
  /** Put a server process (all its threads) on the servers' CPU; false when pinning is off. */
  pinServer(pid: number): boolean;
  /** Give this process back the CPUs it had. */
  release(): void;
  /** One line for RESULTS.md. */
  readonly note: string;
  /** Whether servers are pinned at all. */
  readonly pinning: boolean;
}

/** The CPUs this process may run on, from `/proc/self/status` (`0-3,6`); empty when unknown. */
export function allowedCpus(status = readProcStatus()): number[] {
  const list = /Cpus_allowed_list:\s*(\S+)/.exec(status)?.[1];
  if (!list) return [];
  return list.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number) as [number, number?];
    return Array.from({ length: (to as number) - from + 1 }, (_, i) => from + i);
  });
}

function readProcStatus(): string {
  try {
    return readFileSync('/proc/self/status', 'utf8');
  } catch {
    return '';
  }
}

/**
 * No pinning: every process where the scheduler puts it, with the reason in the note.
 *
 * @example
 * unpinned('one CPU').note; // 'not pinned (one CPU)'
 */
export function unpinned(why: string): CpuPinning {
  return { pinServer: () => false, release: () => undefined, note: `not pinned (${why})`, pinning: false };
}

/** `taskset` on every thread of `pid` (its event loop, V8's and libuv's helpers); false when it cannot. */
function taskset(cpus: string, pid: number): boolean {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The load generator (this process) on the first of its CPUs and every server on the last. A
 * server left to the scheduler ran on whichever CPU it woke on, and on a shared machine one CPU
 * can run a third slower than the other for seconds at a time: two identical servers measured one
 * after the other then differed by up to 1.6x. On one CPU, targets measured side by side share its
 * slow spells, and their paired ratio holds. Off (with the reason in `note`) with one CPU or
 * without util-linux's `taskset`.
 *
 * @example
 * const pins = pinCpus(); pins.pinServer(child.pid); ...; pins.release();
 */
export function pinCpus(cpus = allowedCpus()): CpuPinning {
  const off = unpinned;
  if (cpus.length < 2) return off(cpus.length === 1 ? 'one CPU' : 'its CPUs unknown');
  const [first, last] = [cpus[0] as number, cpus[cpus.length - 1] as number];
  if (!taskset(String(first), process.pid)) return off('`taskset` not available');
  return {
    pinServer: (pid) => taskset(String(last), pid),
    release: () => void taskset(cpus.join(','), process.pid),
    note: `the load generator on CPU ${first} and every server on CPU ${last} (\`taskset\`)`,
    pinning: true,
  };
}
