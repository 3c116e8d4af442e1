import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (getconf CLK_TCK; 100 on Linux almost always). */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time (user + system) process `pid` has used so far, µs, as the kernel counts it
 * (/proc/<pid>/stat, fields 14 and 15): the same reading for every server, whatever it runs, and
 * nothing the server has to report itself. Resolution one tick (10 ms), so a run must use seconds
 * of CPU for the figure per request to mean something.
 *
 * @example
 * const before = procCpuUs(child.pid); // ... load ...
 * const perRequest = (procCpuUs(child.pid) - before) / requests;
 */
export function procCpuUs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS;
}
