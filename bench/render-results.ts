import type { InProcessResult } from './in-process.ts';
import type { MachineInfo } from './machine.ts';
import { renderProfile, type ProfileSummary } from './profile-summary.ts';
import { fmt } from './stats.ts';

/** The rows of the throughput table, by name. */
export const ROW = {
  npmJson: 'npm start json (default, gpt-4o-mini)',
  json: 'gatewaykit json (default, gpt-4o-mini)',
  peerJson: "aimock json (the default reply's text)",
  bare: 'bare node:http json',
  npmSse: 'npm start sse (default, gpt-4o-mini)',
  sse: 'gatewaykit sse (default, gpt-4o-mini)',
  peerSse: "aimock sse (the default reply's text)",
  reasoningJson: 'gatewaykit json (default, gpt-5-mini, reasoning)',
  reasoningSse: 'gatewaykit sse (default, gpt-5-mini, reasoning)',
  scriptedJson: 'gatewaykit json (scripted)',
  scriptedPeerJson: 'aimock json (scripted text)',
  scriptedSse: 'gatewaykit sse (scripted)',
  scriptedPeerSse: 'aimock sse (scripted text)',
  chatNpmJson: 'npm start chat json (default, gpt-4o-mini)',
  chatJson: 'gatewaykit chat json (default, gpt-4o-mini)',
  chatPeerJson: "aimock chat json (the default reply's text)",
  chatNpmSse: 'npm start chat sse (default, gpt-4o-mini)',
  chatSse: 'gatewaykit chat sse (default, gpt-4o-mini)',
  chatPeerSse: "aimock chat sse (the default reply's text)",
  core: 'gatewaykit 401 (core + adapter only)',
} as const;

export interface ThroughputRow {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  runs: number[];
  /** The server process's CPU time per request (user + system from /proc, µs), median over the rounds. */
  cpuUs?: number;
  /** The same, per round. */
  cpuRuns?: number[];
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
  /** The default request's answers: its text's length, and the body sizes of every target. */
  defaults?: {
    input: string;
    model: string;
    reasoningModel: string;
    textChars: number;
    json: number;
    peerJson: number;
    reasoningJson: number;
    sse: { bytes: number; events: number; deltas: number };
    peerSse: { bytes: number; events: number; deltas: number };
    reasoningSse: { bytes: number; events: number; deltas: number };
    /** POST /chat/completions with the same input as one user message. */
    chat?: { textChars: number; json: number; peerJson: number; sse: { bytes: number; events: number; deltas: number }; peerSse: { bytes: number; events: number; deltas: number } };
  };
  /** Spawn to "listening" of the `npm start` server measured in the throughput table (it built src/ first when stale). */
  startFromSourceMs?: number;
  throughput?: Record<string, ThroughputRow>;
  longStream?: { events: number; ms: number; eventsPerSecond: number; bytes: number };
  concurrent?: { streams: number; completed: number; ms: number; eventsPerStream: number; rssBefore: number; peakRss: number; rssAfter: number };
  inProcess?: InProcessResult;
  conformance?: ConformanceRow[] | { error: string };
  startup?: { source: { ms: number; runs: number[] }; compiled?: { ms: number; runs: number[] }; npmStart?: { ms: number; runs: number[] }; npmStartBuilding?: { ms: number; runs: number[] } };
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
  const out: Goal[] = [];
  const cpuRatio = (a: ThroughputRow | undefined, b: ThroughputRow | undefined) => (a?.cpuUs && b?.cpuUs ? b.cpuUs / a.cpuUs : undefined);
  // Issue 28: CPU efficiency (the peer's CPU per request over gatewaykit's), from `npm start`.
  const efficiency = (goal: string, a: ThroughputRow | undefined, b: ThroughputRow | undefined, min: number, aim: number) => {
    const v = cpuRatio(a, b);
    out.push({
      goal,
      measured: v === undefined ? 'not measured' : `${fmt.ratio(v)} (server CPU per request ${fmt.us(a!.cpuUs!)} vs ${fmt.us(b!.cpuUs!)}; ${fmt.int(a!.rps)} vs ${fmt.int(b!.rps)} req/s)`,
      target: `>= ${min.toFixed(2)}x (aim ${aim.toFixed(1)}x)`,
      met: v === undefined ? undefined : v >= min,
      whenMissed: WORK_PER_ANSWER,
    });
  };
  efficiency('JSON, default request: `npm start` / aimock, CPU efficiency', t[ROW.npmJson], t[ROW.peerJson], 1.25, 2);
  efficiency('SSE, default request: `npm start` / aimock, CPU efficiency', t[ROW.npmSse], t[ROW.peerSse], 1.25, 2);
  efficiency('Chat Completions JSON, default request: `npm start` / aimock, CPU efficiency', t[ROW.chatNpmJson], t[ROW.chatPeerJson], 1.25, 2);
  efficiency('Chat Completions SSE, default request: `npm start` / aimock, CPU efficiency', t[ROW.chatNpmSse], t[ROW.chatPeerSse], 1.25, 2);
  const same = (goal: string, a: ThroughputRow | undefined, b: ThroughputRow | undefined) => {
    const v = a?.cpuUs && b?.cpuUs ? a.cpuUs / b.cpuUs - 1 : undefined;
    out.push({
      goal,
      measured: v === undefined ? 'not measured' : `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)}% (${fmt.us(a!.cpuUs!)} vs ${fmt.us(b!.cpuUs!)} per request)`,
      target: 'within 5%',
      met: v === undefined ? undefined : v <= 0.05,
      whenMissed: 'Both run the same code (esbuild and tsc strip the same types; the bundle has no keep-names transform), so a gap here is a difference between two processes measured a round apart on a shared machine: compare the per-round figures in the table, and `npx tsx bench/start-cost.ts`, which measures the pair in-process, interleaved, in fresh children (decision 0038).',
    });
  };
  same('JSON: `npm start` CPU per request vs the compiled package', t[ROW.npmJson], t[ROW.json]);
  same('SSE: `npm start` CPU per request vs the compiled package', t[ROW.npmSse], t[ROW.sse]);
  same('Chat Completions JSON: `npm start` CPU per request vs the compiled package', t[ROW.chatNpmJson], t[ROW.chatJson]);
  same('Chat Completions SSE: `npm start` CPU per request vs the compiled package', t[ROW.chatNpmSse], t[ROW.chatSse]);
  const p = r.inProcess;
  out.push({
    goal: 'In-process: `gateway.fetch` per default request',
    measured: p ? `${fmt.us(p.directUs)} (CPU ${fmt.us(p.directCpuUs)})` : 'not measured',
    target: '<= 25 µs',
    met: p ? p.directUs <= 25 : undefined,
    whenMissed: `Measured in sequence, one request at a time, in a child of its own.${steadyInProcess(r)} The in-process profile at the end shows the steps.`,
  });
  const s = r.startup?.npmStartBuilding ?? r.startup?.npmStart;
  out.push({
    goal: '`npm start` (a fresh build of src/) to listening',
    measured: s ? `${fmt.ms(s.ms)}${r.startup?.npmStart && r.startup.npmStartBuilding ? ` (${fmt.ms(r.startup.npmStart.ms)} when the sources did not change)` : ''}` : 'not measured',
    target: '< 1 s',
    met: s ? s.ms < 1000 : undefined,
    whenMissed: 'Start-up follows the load on the machine (see the load average): the build is one esbuild call, then node loads the bundle and its packages.',
  });
  // Issue 16's goals, kept.
  const p99 = (goal: string, a: ThroughputRow | undefined, b: ThroughputRow | undefined) =>
    out.push({
      goal,
      measured: a && b ? `${fmt.latency(a.p99)} vs ${fmt.latency(b.p99)}` : 'not measured',
      target: 'gatewaykit <= aimock',
      met: a && b ? a.p99 <= b.p99 : undefined,
      whenMissed: 'Latency is autocannon\'s, in whole milliseconds, with 10 connections: the tail follows the CPU per request (above) and the load on the machine.',
    });
  p99('JSON p99, default request: `npm start` vs aimock', t[ROW.npmJson], t[ROW.peerJson]);
  p99('SSE p99, default request: `npm start` vs aimock', t[ROW.npmSse], t[ROW.peerSse]);
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
  const bare = row(ROW.bare);
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

  lines.push('## Goals (issues 28 and 16)', '');
  lines.push('Every verdict is computed from this run. On a machine shared with other work, req/s and latency move with the load; the server CPU time per request (read from /proc for each server process) moves much less. CPU efficiency is the peer\'s CPU per request over gatewaykit\'s.', '');
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
  const d = r.defaults;
  if (d) {
    lines.push(
      `**Default rows**: the request a user sends first, \`{"model":"${d.model}","input":${JSON.stringify(d.input)}}\` (and \`${d.reasoningModel}\`, a reasoning model), answered by the generated reply (no script): a ${d.textChars}-character text. aimock answers that same text (an \`onMessage\` fixture) with its chunk size set to give as many text deltas as gatewaykit's stream; the bare server answers the default JSON's bytes. Body sizes: gatewaykit JSON ${d.json} B (reasoning ${d.reasoningJson} B), aimock JSON ${d.peerJson} B; gatewaykit stream ${d.sse.events} events (${d.sse.deltas} deltas) / ${d.sse.bytes} B (reasoning ${d.reasoningSse.events} events / ${d.reasoningSse.bytes} B), aimock stream ${d.peerSse.events} events (${d.peerSse.deltas} deltas) / ${d.peerSse.bytes} B.`,
      '',
    );
  }
  if (d?.chat) {
    const c = d.chat;
    lines.push(
      `**Chat Completions rows**: \`POST /chat/completions\` with the same input as one user message (\`messages: [{"role":"user","content":${JSON.stringify(d.input)}}]\`), the generated reply: a ${c.textChars}-character text, which aimock answers too. Body sizes: gatewaykit JSON ${c.json} B, aimock JSON ${c.peerJson} B; gatewaykit stream ${c.sse.events} chunks (${c.sse.deltas} with text) / ${c.sse.bytes} B, aimock stream ${c.peerSse.events} chunks (${c.peerSse.deltas} with text) / ${c.peerSse.bytes} B.`,
      '',
    );
  }
  if (r.sizes) {
    lines.push(
      `**Scripted rows**: a scripted 60-word text (gatewaykit \`scripts\`; aimock the same text, deltas matched the same way). Body sizes: gatewaykit JSON ${r.sizes.gatewaykitJson} B, aimock JSON ${r.sizes.peerJson} B; gatewaykit stream ${r.sizes.gatewaykitSse.events} events / ${r.sizes.gatewaykitSse.bytes} B, aimock stream ${r.sizes.peerSse.events} events / ${r.sizes.peerSse.bytes} B.`,
      '',
    );
  }
  lines.push(
    '`npm start` is the server as a source checkout runs it (`node scripts/start.mjs serve`: src/ built by esbuild, then plain node); "gatewaykit" rows run the package compiled by tsc as `npm run build` emits it.',
    '',
  );
  lines.push('| Target | req/s (median) | p50 | p99 | server CPU per request | CPU per round | failed requests | runs (req/s) |', '|---|---:|---:|---:|---:|---|---:|---|');
  for (const [name, v] of Object.entries(t)) {
    lines.push(
      `| ${name} | ${fmt.int(v.rps)} | ${fmt.latency(v.p50)} | ${fmt.latency(v.p99)} | ${v.cpuUs !== undefined ? fmt.us(v.cpuUs) : 'n/a'} | ${(v.cpuRuns ?? []).map((x) => x.toFixed(1)).join(', ')} | ${v.failures} | ${v.runs.map((x) => fmt.int(x)).join(', ')} |`,
    );
  }
  lines.push('');
  const core = row(ROW.core);
  const npm = row(ROW.npmJson);
  if (npm?.cpuUs && bare?.cpuUs) lines.push(`\`npm start\` JSON against the bare server: ${fmt.ratio(npm.rps / bare.rps)} of its req/s, ${fmt.ratio(bare.cpuUs / npm.cpuUs)} of its CPU efficiency.`, '');
  if (core && bare) lines.push(`Diagnostic: the 401 row (no operation runs) shows the adapter and core alone at ${fmt.ratio(core.rps / bare.rps)} of the bare server.`, '');
  lines.push('Latency is autocannon\'s, in whole milliseconds (its resolution): "< 1 ms" is a recorded 0.', '');

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
    lines.push(`| msw \`setupServer\` with a plain handler returning the same JSON bytes + global \`fetch\` | ${fmt.us(p.plainMswUs)} |`);
    lines.push(`| gatewaykit's cost in msw mode (its handlers minus the plain handler) | ${fmt.us(p.mswUs - p.plainMswUs)} per request |`);
    lines.push(`| \`gateway.fetch\` CPU time per request | ${fmt.us(p.directCpuUs)} |`);
    lines.push('', `The default request (\`openai/gpt-4o-mini\`, a short input, the generated reply); ${p.requests} sequential non-streaming requests per round, medians of the rounds.`);
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
    if (r.startup.npmStartBuilding) lines.push(row('`npm start` after a source change (`node scripts/start.mjs serve`: esbuild builds src/, then plain node)', r.startup.npmStartBuilding));
    if (r.startup.npmStart) lines.push(row('`npm start` with the sources unchanged (the last build reused)', r.startup.npmStart));
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
