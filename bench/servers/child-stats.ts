import { Session } from 'node:inspector';
/** What a bench server child reports about itself (its memory alone, not the load generator's). */
export interface ChildStats {
  rss: number;
  /** Peak RSS of the process so far, bytes. */
  maxRss: number;
  heapUsed: number;
  /** CPU time the process used so far (user + system), µs: per request, robust to a busy machine. */
  cpuUs: number;
  resources: Record<string, number>;
}

export function childStats(): ChildStats {
  const m = process.memoryUsage();
  const resources: Record<string, number> = {};
  for (const r of process.getActiveResourcesInfo()) resources[r] = (resources[r] ?? 0) + 1;
  const cpu = process.cpuUsage();
  return { rss: m.rss, maxRss: process.resourceUsage().maxRSS * 1024, heapUsed: m.heapUsed, cpuUs: cpu.user + cpu.system, resources };
}

/**
 * Answer the parent's `'stats'` and `'stop'` messages, and `'profile-start'` / `'profile-stop'`
 * (a CPU profile of just the measured window, sent back as `{ profile }`); exit when the parent goes.
 */
export function serveParent(stop: () => Promise<void>): void {
  let session: Session | undefined;
  process.on('message', (message) => {
    if (message === 'stats') process.send?.({ stats: childStats() });
    if (message === 'profile-start') {
      session = new Session();
      session.connect();
      session.post('Profiler.enable', () => session?.post('Profiler.start', () => process.send?.({ profiling: true })));
    }
    if (message === 'profile-stop') {
      session?.post('Profiler.stop', (error, result) => {
        process.send?.({ profile: error ? { error: error.message } : result.profile });
        session?.disconnect();
        session = undefined;
      });
    }
    if (message === 'stop') void stop().then(() => process.exit(0));
  });
  process.on('disconnect', () => process.exit(0));
}
