import type { InProcessResult } from './in-process.ts';
import type { MachineInfo } from './machine.ts';
import { fmt } from './stats.ts';

export interface ThroughputRow {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  runs: number[];
}

export interface ConformanceRow {
  clock: 'system' | 'virtual';
  requests: number;
  ms: number;
  rps: number;
  checks: { total: number; passed: number; failed: number; skipped: number };
}

export interface BenchResults {
  machine: MachineInfo;
  quick: boolean;
  rounds: number;
  seconds: number;
  connections: number;
  loadBefore: string;
  loadAfter?: string;
  totalSeconds?: number;
  sizes?: { gatewaykitJson: number; peerJson: number; gatewaykitSse: { bytes: number; events: number }; peerSse: { bytes: number; events: number } };
  throughput?: Record<string, ThroughputRow>;
  longStream?: { events: number; ms: number; eventsPerSecond: number; bytes: number };
  concurrent?: { streams: number; completed: number; ms: number; eventsPerStream: number; rssBefore: number; peakRss: number; rssAfter: number };
  inProcess?: InProcessResult;
  conformance?: ConformanceRow[] | { error: string };
  startup?: { source: { ms: number; runs: number[] }; compiled?: { ms: number; runs: number[] } };
}

const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

/** bench/RESULTS.md: every row with its ratio and the target it is held to. */
export function renderResults(r: BenchResults): string {
  const t = r.throughput ?? {};
  const row = (name: string) => t[name];
  const gkJson = row('gatewaykit json');
  const bare = row('bare node:http json');
  const peerJson = row('aimock json');
  const gkSse = row('gatewaykit sse');
  const peerSse = row('aimock sse');
  const lines: string[] = [];
  lines.push('# Benchmark results', '');
  lines.push('Written by `npm run bench` (bench/run.ts). Do not edit by hand; re-run to refresh.', '');
  lines.push('## Machine', '');
  lines.push(`- CPU: ${r.machine.cpu}, ${r.machine.cores} cores`);
  lines.push(`- Memory: ${r.machine.memory}`);
  lines.push(`- Node ${r.machine.node} on ${r.machine.platform}`);
  lines.push(`- Date: ${r.machine.date}`);
  lines.push(`- Load average (1/5/15 min) before: ${r.loadBefore}; after: ${r.loadAfter ?? 'n/a'}. A load above the core count means the machine was shared with other work while measuring: absolute numbers are then low and noisy, the side-by-side ratios (same run, interleaved rounds) hold better.`);
  lines.push(
    `- Method: ${r.quick ? 'QUICK run (`--quick`): one round, short; indicative only. ' : ''}each server in its own child process on 127.0.0.1; autocannon in the parent with ${r.connections} connections, ${r.seconds} s per run, ${r.rounds} round(s) interleaved across targets after a 1 s warm-up each; figures are medians over the rounds.`,
  );
  if (r.totalSeconds !== undefined) lines.push(`- Whole bench took ${r.totalSeconds.toFixed(0)} s.`);
  lines.push('');

  lines.push('## POST /responses throughput and latency', '');
  if (r.sizes) {
    lines.push(
      `Same reply everywhere: a scripted 60-word text (gatewaykit \`scripts\`; aimock \`onMessage\` fixture, chunkSize 12; the bare server answers gatewaykit's JSON bytes). Body sizes: gatewaykit JSON ${r.sizes.gatewaykitJson} B, aimock JSON ${r.sizes.peerJson} B; gatewaykit stream ${r.sizes.gatewaykitSse.events} events / ${r.sizes.gatewaykitSse.bytes} B, aimock stream ${r.sizes.peerSse.events} events / ${r.sizes.peerSse.bytes} B.`,
      '',
    );
  }
  lines.push('| Target | req/s (median) | p50 | p99 | failed requests | runs (req/s) |', '|---|---:|---:|---:|---:|---|');
  for (const [name, v] of Object.entries(t)) {
    lines.push(`| ${name} | ${fmt.int(v.rps)} | ${fmt.latency(v.p50)} | ${fmt.latency(v.p99)} | ${v.failures} | ${v.runs.map((x) => fmt.int(x)).join(', ')} |`);
  }
  lines.push('');
  lines.push('| Ratio | Value | Target | Verdict |', '|---|---:|---|---|');
  if (gkJson && bare) lines.push(`| gatewaykit / bare node:http, non-streaming req/s | ${fmt.ratio(gkJson.rps / bare.rps)} | >= 0.50x | ${verdict(gkJson.rps / bare.rps >= 0.5)} |`);
  if (gkJson && peerJson) lines.push(`| gatewaykit / aimock, non-streaming req/s | ${fmt.ratio(gkJson.rps / peerJson.rps)} | > 1x | ${verdict(gkJson.rps > peerJson.rps)} |`);
  if (gkJson && peerJson) lines.push(`| aimock / gatewaykit, non-streaming p99 | ${fmt.ratio(peerJson.p99 / gkJson.p99)} | > 1x (gatewaykit lower) | ${verdict(gkJson.p99 <= peerJson.p99)} |`);
  if (gkSse && peerSse) lines.push(`| gatewaykit / aimock, streaming req/s | ${fmt.ratio(gkSse.rps / peerSse.rps)} | > 1x | ${verdict(gkSse.rps > peerSse.rps)} |`);
  const core = row('gatewaykit 401 (core + adapter only)');
  if (core && bare) lines.push(`| (diagnostic) gatewaykit 401 path / bare node:http: the core and adapter alone | ${fmt.ratio(core.rps / bare.rps)} | (none) | |`);
  if (gkSse && peerSse) lines.push(`| aimock / gatewaykit, streaming p99 | ${fmt.ratio(peerSse.p99 / gkSse.p99)} | > 1x (gatewaykit lower) | ${verdict(gkSse.p99 <= peerSse.p99)} |`);
  lines.push('', 'Latency is autocannon\'s, in whole milliseconds (its resolution): "< 1 ms" is a recorded 0.', '');

  lines.push('## Streams', '');
  lines.push('| Row | Measured | Target | Verdict |', '|---|---|---|---|');
  if (r.longStream) {
    const l = r.longStream;
    lines.push(`| One long stream (${l.events} events, ${fmt.mb(l.bytes)}): request to last byte, median | ${fmt.ms(l.ms)} = ${fmt.int(l.eventsPerSecond)} events/s | (none) | |`);
  }
  if (r.concurrent) {
    const c = r.concurrent;
    lines.push(`| ${c.streams} concurrent streams (${c.eventsPerStream} events each, all opened at once): completed | ${c.completed} / ${c.streams} in ${fmt.ms(c.ms)} | all | ${verdict(c.completed === c.streams)} |`);
    lines.push(`| ... server peak RSS (child process, resourceUsage().maxRSS) | ${fmt.mb(c.peakRss)} (idle after warm-up ${fmt.mb(c.rssBefore)}, after ${fmt.mb(c.rssAfter)}) | < 400 MB | ${verdict(c.peakRss < 400 * 1024 * 1024)} |`);
  }
  lines.push('');

  lines.push('## In-process (the test-dependency use)', '');
  if (r.inProcess) {
    const p = r.inProcess;
    lines.push('| Path | per request (median) |', '|---|---:|');
    lines.push(`| \`gateway.fetch\` directly | ${fmt.us(p.directUs)} |`);
    lines.push(`| msw \`setupServer(...gateway.handlers)\` + global \`fetch\` | ${fmt.us(p.mswUs)} |`);
    lines.push(`| msw overhead | ${fmt.us(p.mswUs - p.directUs)} per request (${fmt.ratio(p.mswUs / p.directUs)}) |`);
    lines.push('', `${p.requests} sequential non-streaming requests per round.`);
  }
  lines.push('');

  lines.push('## Conformance suite against the simulator', '');
  if (r.conformance && 'error' in r.conformance) lines.push(`Not measured: ${r.conformance.error}`);
  else if (r.conformance) {
    lines.push('`runConformance` (seed 1, default runs) against a gatewaykit server child; requests counted by the server journal.', '');
    lines.push('| Server clock | requests | wall time | requests/s | checks passed / total (failed, skipped) |', '|---|---:|---:|---:|---|');
    for (const c of r.conformance) {
      lines.push(`| ${c.clock} | ${fmt.int(c.requests)} | ${fmt.ms(c.ms)} | **${fmt.int(c.rps)}** | ${c.checks.passed} / ${c.checks.total} (${c.checks.failed}, ${c.checks.skipped}) |`);
    }
    lines.push('', 'With the system clock the video-lifecycle check waits for jobs in real time; `gatewaykit serve --clock virtual` lets the suite move the clock instead.');
  }
  lines.push('');

  lines.push('## Start-up', '');
  if (r.startup) {
    const row = (name: string, v: { ms: number; runs: number[] }) =>
      `| ${name} | **${fmt.ms(v.ms)}** | ${v.runs.map((x) => x.toFixed(0)).join(', ')} | < 1 s | ${verdict(v.ms < 1000)} |`;
    lines.push('Spawn to the "listening" line of `serve --port 0`, median after one warm-up start.', '');
    lines.push('| Entry | median | runs (ms) | Target | Verdict |', '|---|---:|---|---|---|');
    lines.push(row('`bin/gatewaykit.js serve` in the source checkout (src/ through tsx)', r.startup.source));
    if (r.startup.compiled) lines.push(row('compiled as `npm run build` emits it (`node dist/src/cli/main.js serve`)', r.startup.compiled));
  }
  lines.push('');
  return lines.join('\n');
}
