import type { InProcessResult } from './in-process.ts';
import type { MachineInfo } from './machine.ts';
import { renderProfile, type ProfileSummary } from './profile-summary.ts';
import { fmt } from './stats.ts';

export interface ThroughputRow {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  runs: number[];
  /** The server child's CPU time per request (user + system, µs), median over the rounds. */
  cpuUs?: number;
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
  /** Which gatewaykit was measured: the compiled build (as published) or src/ through tsx. */
  measured?: 'build' | 'source';
  /** CPU profiles of this run (the "after"). */
  profiles?: ProfileSummary[];
  /** Markdown of the profiles recorded before issue 16's changes (bench/profile-before.md). */
  profileBefore?: string;
}

/** One goal of issue 16: what was measured against what was asked. */
export interface Goal {
  goal: string;
  measured: string;
  target: string;
  met: boolean | undefined;
  /** Why a miss is a miss: what stands between the measurement and the target. */
  whenMissed?: string;
}

const WORK_PER_ANSWER =
  'gatewaykit validates each request, routes it (with the metadata a client may ask for), builds a full Responses object with seeded ids, usage and cost, serialises it and journals the exchange; its JSON answer has about twice the bytes of aimock\'s for the same text. The server CPU per request beside req/s, and the profiles at the end, show where the time goes.';

/**
 * Every goal of the performance issue with its verdict, computed from the run (undefined: the
 * run did not measure it).
 *
 * @example
 * goals(results).filter((g) => g.met === false).map((g) => g.goal);
 */
export function goals(r: BenchResults): Goal[] {
  const t = r.throughput ?? {};
  const gkJson = t['gatewaykit json'];
  const bare = t['bare node:http json'];
  const peerJson = t['aimock json'];
  const gkSse = t['gatewaykit sse'];
  const peerSse = t['aimock sse'];
  const out: Goal[] = [];
  const ratio = (goal: string, a: ThroughputRow | undefined, b: ThroughputRow | undefined, min: number, aim?: number, whenMissed = WORK_PER_ANSWER) => {
    const v = a && b ? a.rps / b.rps : undefined;
    out.push({
      goal,
      measured: v === undefined ? 'not measured' : `${fmt.ratio(v)} (${fmt.int(a!.rps)} vs ${fmt.int(b!.rps)} req/s)${a?.cpuUs && b?.cpuUs ? `; server CPU per request ${a.cpuUs.toFixed(0)} vs ${b.cpuUs.toFixed(0)} µs (${fmt.ratio(b.cpuUs / a.cpuUs)} as efficient)` : ''}`,
      target: `>= ${min.toFixed(2)}x${aim ? ` (aim ${aim.toFixed(1)}x)` : ''}`,
      met: v === undefined ? undefined : v >= min,
      whenMissed,
    });
  };
  ratio('JSON: gatewaykit / aimock, req/s', gkJson, peerJson, 1, 1.5);
  ratio('Streaming: gatewaykit / aimock, req/s', gkSse, peerSse, 1, 1.5);
  ratio(
    'JSON: gatewaykit / bare node:http, req/s',
    gkJson,
    bare,
    0.35,
    undefined,
    'The bare server reads the body and writes fixed bytes: its CPU per request is node:http and the socket alone. 0.35x would leave gatewaykit well under 2x that for everything it does per answer (' +
      'validation, routing, generation, serialisation, the journal), and in-process that work alone takes about as long as the whole bare request (the `gateway.fetch` row); the HTTP stack then comes on top. Out of reach without doing less per answer.',
  );
  const p99 = (goal: string, a: ThroughputRow | undefined, b: ThroughputRow | undefined) =>
    out.push({
      goal,
      measured: a && b ? `${fmt.latency(a.p99)} vs ${fmt.latency(b.p99)}` : 'not measured',
      target: 'gatewaykit <= aimock',
      met: a && b ? a.p99 <= b.p99 : undefined,
      whenMissed: 'Latency is autocannon\'s, in whole milliseconds, with 10 connections: the tail follows the CPU per request (above) and the load on the machine.',
    });
  p99('JSON p99: gatewaykit vs aimock', gkJson, peerJson);
  p99('Streaming p99: gatewaykit vs aimock', gkSse, peerSse);
  const p = r.inProcess;
  out.push({
    goal: 'In-process: `gateway.fetch` per request',
    measured: p ? `${fmt.us(p.directUs)} (CPU ${fmt.us(p.directCpuUs)})` : 'not measured',
    target: '<= 30 µs',
    met: p ? p.directUs <= 30 : undefined,
    whenMissed: `The row is the median of three rounds of 2,000 requests, each followed by a round through msw; the first round runs largely before the JIT has optimised the path, and msw's rounds call the same core with undici's Request and Headers.${steadyInProcess(r)} The in-process profile at the end shows the steps.`,
  });
  const conf = Array.isArray(r.conformance) ? r.conformance.find((c) => c.clock === 'virtual') : undefined;
  out.push({
    goal: 'Conformance suite against the simulator (virtual clock)',
    measured: conf ? `${fmt.int(conf.rps)} requests/s (${conf.requests} requests)` : 'not measured',
    target: '>= 1,000 requests/s',
    met: conf ? conf.rps >= 1000 : undefined,
    whenMissed:
      'The suite generates, sends and judges every request (fast-check, the schemas, the oracles) at about 1 ms of client CPU per request, and the server answers varied, often large requests; on 2 cores the client and the server share, the run is bound by their CPU and by how much of it overlaps (see the client profile at the end).',
  });
  const c = r.concurrent;
  out.push({
    goal: `${c?.streams ?? 1000} concurrent streams: all complete, server peak RSS`,
    measured: c ? `${c.completed} / ${c.streams} completed; peak RSS ${fmt.mb(c.peakRss)}` : 'not measured',
    target: 'all, < 300 MB',
    met: c ? c.completed === c.streams && c.peakRss < 300 * 1024 * 1024 : undefined,
  });
  return out;
}

/** What the in-process profile (gateway.fetch alone, several seconds, no msw rounds) measured, as a sentence. */
function steadyInProcess(r: BenchResults): string {
  const label = r.profiles?.find((p) => p.label.startsWith('gateway.fetch in-process'))?.label;
  const us = label?.match(/([\d.]+) µs per request/)?.[1];
  return us ? ` Called alone for several seconds (the profiled run below), it took ${us} µs per request.` : '';
}

const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

/** bench/RESULTS.md: every row with its ratio and the target it is held to. */
export function renderResults(r: BenchResults): string {
  const t = r.throughput ?? {};
  const row = (name: string) => t[name];
  const bare = row('bare node:http json');
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
    `- Method: ${r.quick ? 'QUICK run (`--quick`): one round, short; indicative only. ' : ''}each server in its own child process on 127.0.0.1 (gatewaykit ${r.measured === 'source' ? 'from src/ through tsx (`--source`)' : 'compiled by tsc as `npm run build` emits it, the way users run it'}); autocannon in the parent with ${r.connections} connections, ${r.seconds} s per run, ${r.rounds} round(s) interleaved across targets after a 1 s warm-up each; figures are medians over the rounds.`,
  );
  if (r.totalSeconds !== undefined) lines.push(`- Whole bench took ${r.totalSeconds.toFixed(0)} s.`);
  lines.push('');

  lines.push('## Goals (issue 16)', '');
  lines.push('Every verdict is computed from this run. On a machine shared with other work, req/s and latency move with the load; the server CPU time per request (measured in each server child) moves much less.', '');
  lines.push('| Goal | Measured | Target | Verdict |', '|---|---|---|---|');
  const all = goals(r);
  for (const g of all) lines.push(`| ${g.goal} | ${g.measured} | ${g.target} | ${g.met === undefined ? 'not measured' : verdict(g.met)} |`);
  lines.push('');
  const missed = all.filter((g) => g.met === false && g.whenMissed);
  if (missed.length > 0) {
    lines.push('Where a goal is missed, what stands in the way:', '');
    for (const g of missed) lines.push(`- **${g.goal}.** ${g.whenMissed}`);
    lines.push('');
  }

  lines.push('## POST /responses throughput and latency', '');
  if (r.sizes) {
    lines.push(
      `Same reply everywhere: a scripted 60-word text (gatewaykit \`scripts\`; aimock \`onMessage\` fixture, chunkSize 12; the bare server answers gatewaykit's JSON bytes). Body sizes: gatewaykit JSON ${r.sizes.gatewaykitJson} B, aimock JSON ${r.sizes.peerJson} B; gatewaykit stream ${r.sizes.gatewaykitSse.events} events / ${r.sizes.gatewaykitSse.bytes} B, aimock stream ${r.sizes.peerSse.events} events / ${r.sizes.peerSse.bytes} B.`,
      '',
    );
  }
  lines.push('| Target | req/s (median) | p50 | p99 | server CPU per request | failed requests | runs (req/s) |', '|---|---:|---:|---:|---:|---:|---|');
  for (const [name, v] of Object.entries(t)) {
    lines.push(`| ${name} | ${fmt.int(v.rps)} | ${fmt.latency(v.p50)} | ${fmt.latency(v.p99)} | ${v.cpuUs !== undefined ? fmt.us(v.cpuUs) : 'n/a'} | ${v.failures} | ${v.runs.map((x) => fmt.int(x)).join(', ')} |`);
  }
  lines.push('');
  const core = row('gatewaykit 401 (core + adapter only)');
  if (core && bare) lines.push('', `Diagnostic: the 401 row (no operation runs) shows the adapter and core alone at ${fmt.ratio(core.rps / bare.rps)} of the bare server.`);
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
    lines.push(`| ... server peak RSS (child process, resourceUsage().maxRSS) | ${fmt.mb(c.peakRss)} (idle after warm-up ${fmt.mb(c.rssBefore)}, after ${fmt.mb(c.rssAfter)}) | < 300 MB | ${verdict(c.peakRss < 300 * 1024 * 1024)} |`);
  }
  lines.push('');

  lines.push('## In-process (the test-dependency use)', '');
  if (r.inProcess) {
    const p = r.inProcess;
    lines.push('| Path | per request (median) |', '|---|---:|');
    lines.push(`| \`gateway.fetch\` directly | ${fmt.us(p.directUs)} |`);
    lines.push(`| msw \`setupServer(...gateway.handlers)\` + global \`fetch\` | ${fmt.us(p.mswUs)} |`);
    lines.push(`| msw overhead | ${fmt.us(p.mswUs - p.directUs)} per request (${fmt.ratio(p.mswUs / p.directUs)}) |`);
    lines.push(`| \`gateway.fetch\` CPU time per request | ${fmt.us(p.directCpuUs)} |`);
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

  lines.push('## Where the time goes: CPU profiles', '');
  lines.push(
    'Each gatewaykit row of the throughput table profiled in a fresh server child (node:inspector, the measured window only, after a 1 s warm-up), and `gateway.fetch` in a child of its own. Self time: where the CPU was. Inclusive: which of gatewaykit\'s own steps costs what (a share counts every function below it). `writev` is the socket write a bare server pays too; `(idle)` is time the server waited for the load generator. Reproduce with `npx tsx bench/profile.ts`.',
    '',
  );
  if (r.profiles?.length) {
    lines.push(`### After (this run, ${r.measured === 'source' ? 'src/ through tsx' : 'the compiled build'})`, '');
    for (const p of r.profiles) lines.push(renderProfile(p));
  } else lines.push('(No profile in this run: `--skip-profile`.)', '');
  if (r.profileBefore) lines.push('### Before (recorded once, before the changes of issue 16)', '', r.profileBefore.trim(), '');
  return lines.join('\n');
}
