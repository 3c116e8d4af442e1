/**
 * The conformance suite as a client in a process of its own (plain node on the compiled build,
 * like the server children): argv[2] the simulator's base URL; argv[3] `profile` to CPU-profile
 * the run (a profiler slows what it watches, so the timed runs go without one). Sends
 * `{ conformance: { ms, summary, profile? } }` to the parent.
 */
import { Session } from 'node:inspector/promises';
import { loadRunConformance } from './load-gatewaykit.ts';

const runConformance = await loadRunConformance();
const profiled = process.argv[3] === 'profile';
const session = profiled ? new Session() : undefined;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
const started = performance.now();
const report = await runConformance({ baseUrl: process.argv[2] ?? '', apiKey: 'sk-gw-test', seed: 1 });
const ms = performance.now() - started;
const profile = session ? (await session.post('Profiler.stop')).profile : undefined;
process.send?.({ conformance: { ms, summary: report.summary, profile } });
