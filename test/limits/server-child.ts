/**
 * A gatewaykit server in its own process, so that its memory and handles are measured alone.
 * Started by spawn-server.ts (`forkChild` with `--expose-gc`);
 * it sends `{ url }` when listening and answers `'stats'` with memory (after GC) and handles.
 */
import { startServer, type ServeOptions } from '../../src/adapter/node/create-server.ts';

export interface ChildStats {
  rss: number;
  heapUsed: number;
  arrayBuffers: number;
  external: number;
  /** process.getActiveResourcesInfo() counted by kind (Timeout, TCPSocketWrap, ...). */
  resources: Record<string, number>;
  /** Peak RSS of the process so far (bytes), from resourceUsage().maxRSS. */
  maxRss: number;
}

function stats(): ChildStats {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  const resources: Record<string, number> = {};
  for (const r of process.getActiveResourcesInfo()) resources[r] = (resources[r] ?? 0) + 1;
  return { rss: m.rss, heapUsed: m.heapUsed, arrayBuffers: m.arrayBuffers, external: m.external, resources, maxRss: process.resourceUsage().maxRSS * 1024 };
}

const options = JSON.parse(process.argv[2] ?? '{}') as ServeOptions;
const running = await startServer({ ...options, port: 0, onError: (e) => process.send?.({ bug: String(e) }) });
process.send?.({ url: running.baseUrl });
process.on('message', (message) => {
  if (message === 'stats') process.send?.({ stats: stats() });
  if (message === 'stop') void running.close().then(() => process.exit(0));
});
process.on('disconnect', () => process.exit(0));
