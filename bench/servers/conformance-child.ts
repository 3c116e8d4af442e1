/**
 * The conformance suite as users run it, `gatewaykit conform` (the CLI's `main`, plain node on the
 * compiled build, like the server children): argv[2] the simulator's base URL; argv[3] `profile`
 * to CPU-profile the run (a profiler slows what it watches, so the timed runs go without one).
 * The time is the run's own (`durationMs` of the JSON report: from the first request's
 * preparation to the last verdict), not the process start or the suite's import. Sends
 * `{ conformance: { ms, summary, profile? } }` to the parent.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCliMain } from './load-gatewaykit.ts';

const main = await loadCliMain();
const profiled = process.argv[3] === 'profile';
const session = profiled ? new Session() : undefined;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-bench-'));
const reportFile = join(dir, 'report.json');
// The per-check lines the CLI prints would fill the bench's log; they are made, not shown.
console.log = () => {};
await main(['conform', '--base-url', process.argv[2] ?? '', '--api-key', 'sk-gw-test', '--seed', '1', '--json', reportFile]);
const profile = session ? (await session.post('Profiler.stop')).profile : undefined;
const report = JSON.parse(readFileSync(reportFile, 'utf8')) as { summary: { durationMs: number } };
rmSync(dir, { recursive: true, force: true });
process.send?.({ conformance: { ms: report.summary.durationMs, summary: report.summary, profile } });
