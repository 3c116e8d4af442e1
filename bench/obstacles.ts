/**
 * "What stands in the way" of a missed goal, written from the run's own numbers: the rows it
 * compares and the profile of the same row. Pure functions of the measurements, so every
 * sentence changes when the run does.
 */
import type { Frame, ProfileSummary } from './profile-summary.ts';
import { fmt } from './stats.ts';

/** One row of the throughput table, the parts these sentences read. */
export interface MeasuredRow {
  rps: number;
  p99: number;
  cpuUs?: number;
  cpuRuns?: number[];
}

/**
 * Frames that hold the whole request (the adapter's callback, its response writer, the dispatcher
 * and the surface's handler): their inclusive share says nothing about which step costs what.
 */
const WHOLE_REQUEST = [
  /^\(anonymous\) src\/adapter\/node\/create-server\.ts/,
  /^writeFetchResponse /,
  /^writeRawBody /,
  /^writeFrames /,
  /^dispatch src\/http\/dispatch\.ts/,
  /^fetchGateway /,
  // An operation's handler (named after its endpoint id, `responses.create`) holds the whole answer.
  /^\S+ src\/operations\/[^/]+\/operation\.ts/,
];

const isIdle = (f: Frame) => f.name === '(idle)';

/** A frame's share of the busy (not idle) time. */
function busyShare(profile: ProfileSummary, share: number): number {
  const idle = profile.self.find(isIdle)?.share ?? 0;
  return idle < 1 ? share / (1 - idle) : 0;
}

/** `` `runEngine` (engine/run-engine.ts) `` from `runEngine src/engine/run-engine.ts`: the function and where it is. */
function stepName(name: string): string {
  const [fn, where] = name.split(' ');
  return where ? `\`${fn}\` (${where.replace(/^src\//, '')})` : `\`${fn}\``;
}

/**
 * The costliest steps of a profile in µs per request: each frame's share of the busy time times
 * the CPU per request. The socket write and the collector (self time), then gatewaykit's own
 * steps (inclusive, without the frames that hold the whole request).
 *
 * @example
 * stepsInMicros(profile, 145, 4); // ['the socket write (`writev`) ≈ 31 µs', 'garbage collection ≈ 5 µs', '`renderResponses` ≈ 14 µs', ...]
 */
export function stepsInMicros(profile: ProfileSummary, cpuUs: number, ownSteps: number): string[] {
  const us = (share: number) => `≈ ${Math.round(busyShare(profile, share) * cpuUs)} µs`;
  const out: string[] = [];
  const writev = profile.self.find((f) => f.name === 'writev');
  if (writev) out.push(`the socket write (\`writev\`) ${us(writev.share)}`);
  const gc = profile.self.find((f) => f.name === '(garbage collector)');
  if (gc) out.push(`garbage collection ${us(gc.share)}`);
  const own = profile.inclusive.filter((f) => !WHOLE_REQUEST.some((re) => re.test(f.name))).slice(0, ownSteps);
  for (const f of own) out.push(`${stepName(f.name)} ${us(f.share)}`);
  return out;
}

/**
 * A CPU-efficiency goal (the peer's CPU per request over gatewaykit's) that was missed: how far
 * gatewaykit's CPU per request must fall, the bytes each side writes, and where this row's profile
 * spent the time.
 *
 * @example
 * efficiencyObstacle({ gatewaykit: npm, peer: aimock, min: 1.6, profile, bytes: { gatewaykit: 1188, peer: 539 } });
 */
export function efficiencyObstacle(o: {
  gatewaykit: MeasuredRow;
  peer: MeasuredRow;
  min: number;
  profile?: ProfileSummary;
  bytes?: { gatewaykit: number; peer: number };
  /** The bare node:http server answering the same bytes, when the row has one. */
  bare?: MeasuredRow;
}): string {
  const { gatewaykit: g, peer: p } = o;
  if (!g.cpuUs || !p.cpuUs) return 'Not measured in this run.';
  const needed = p.cpuUs / o.min;
  const parts = [
    `At ${o.min.toFixed(2)}x, gatewaykit's CPU per request would be ${fmt.us(needed)} or less: it was ${fmt.us(g.cpuUs)}, ${fmt.us(g.cpuUs - needed)} over (aimock ${fmt.us(p.cpuUs)}).`,
  ];
  if (o.bytes) {
    parts.push(
      `gatewaykit writes ${o.bytes.gatewaykit} B per answer against aimock's ${o.bytes.peer} B (${fmt.ratio(o.bytes.gatewaykit / Math.max(1, o.bytes.peer))}).`,
    );
  }
  if (o.bare?.cpuUs) parts.push(`A bare node:http server writing gatewaykit's bytes spent ${fmt.us(o.bare.cpuUs)} per request in all.`);
  if (o.profile) {
    const steps = stepsInMicros(o.profile, g.cpuUs, 4);
    if (steps.length) parts.push(`This row's profile (the compiled build, same request), per request: ${steps.join(', ')}.`);
  } else parts.push('No profile of this row in this run (`--skip-profile`).');
  return parts.join(' ');
}

/**
 * `npm start` against the compiled package, the same code in two processes: whether the gap held
 * in every round or the rounds overlap (the per-round figures are in the throughput table).
 *
 * @example
 * sameCodeObstacle({ cpuRuns: [150, 148, 151] }, { cpuRuns: [139, 152, 141] });
 */
export function sameCodeObstacle(npm: MeasuredRow, compiled: MeasuredRow): string {
  const a = npm.cpuRuns ?? [];
  const b = compiled.cpuRuns ?? [];
  const list = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
  const rounds = `Per round, \`npm start\` ${list(a)} µs and the compiled package ${list(b)} µs.`;
  if (a.length === 0 || b.length === 0) return rounds;
  const overlap = Math.min(...a) <= Math.max(...b);
  const why = overlap
    ? 'The rounds overlap: the gap of the medians is within what the same process moves from one round to the next on this machine.'
    : `\`npm start\` cost more in every round (by ${fmt.us(Math.min(...a) - Math.max(...b))} at least): both run the same code (esbuild and tsc strip the same types, no keep-names transform), so look for a difference between the two builds' output; \`npx tsx bench/start-cost.ts\` measures the pair in-process, interleaved, in fresh children.`;
  return `${rounds} ${why}`;
}

/**
 * A p99 goal (gatewaykit's tail no higher than the peer's): the tail beside the CPU per request.
 *
 * @example
 * latencyObstacle({ p99: 5, cpuUs: 207, rps: 4920 }, { p99: 4, cpuUs: 173, rps: 5868 });
 */
export function latencyObstacle(g: MeasuredRow, p: MeasuredRow): string {
  const cpu = g.cpuUs && p.cpuUs ? ` at ${fmt.us(g.cpuUs)} against ${fmt.us(p.cpuUs)} of CPU per request` : '';
  return `p99 ${fmt.latency(g.p99)} against ${fmt.latency(p.p99)}${cpu} (${fmt.int(g.rps)} vs ${fmt.int(p.rps)} req/s); autocannon counts whole milliseconds with 10 connections, so the tail follows the CPU per request and the load on the machine.`;
}

/**
 * `gateway.fetch` over its target: the steps of the in-process profile in µs.
 *
 * @example
 * inProcessObstacle({ directUs: 96, directCpuUs: 137 }, profile, 36.9, 25);
 */
export function inProcessObstacle(
  p: { directUs: number; directCpuUs: number },
  profile: ProfileSummary | undefined,
  steadyUs: number | undefined,
  target: number,
): string {
  const parts = [
    `In sequence, one request at a time, ${fmt.us(p.directUs)} per request (${fmt.us(p.directCpuUs)} of CPU), ${fmt.us(p.directUs - target)} over.`,
  ];
  if (steadyUs !== undefined) parts.push(`Called alone for several seconds (the profiled run) it took ${fmt.us(steadyUs)}.`);
  if (profile && steadyUs !== undefined) {
    const steps = stepsInMicros(profile, steadyUs, 5).filter((s) => !s.startsWith('the socket write'));
    if (steps.length) parts.push(`Its profile, per request: ${steps.join(', ')}.`);
  }
  return parts.join(' ');
}

/**
 * The conformance suite's rate: where the client's time went (its profile), since the suite's
 * own work, not the server, sets the pace when the client is busy.
 *
 * @example
 * conformanceObstacle(1208, 871, clientProfile);
 */
export function conformanceObstacle(ms: number, requests: number, client: ProfileSummary | undefined): string {
  const per = `${fmt.us((ms * 1000) / Math.max(1, requests))} of wall time per request`;
  if (!client) return `${per}; no client profile in this run.`;
  const idle = client.self.find(isIdle)?.share ?? 0;
  const top = client.inclusive.slice(0, 4).map((f) => `${stepName(f.name)} ${(f.share * 100).toFixed(0)}%`);
  return `${per}. The client (fast-check, the schemas, the oracles) was busy ${((1 - idle) * 100).toFixed(0)}% of the run and waited for the server ${(idle * 100).toFixed(0)}%; its costliest steps (inclusive): ${top.join(', ')}.`;
}

/**
 * The installed size over its target: the largest packages of the install.
 *
 * @example
 * footprintObstacle([{ name: 'zod', bytes: 9e6 }], 60);
 */
export function footprintObstacle(largest: ReadonlyArray<{ name: string; bytes: number }>, count: number): string {
  return `The largest installed packages: ${largest
    .slice(0, count)
    .map((p) => `${p.name} ${fmt.mb(p.bytes)}`)
    .join(', ')}.`;
}

/**
 * `import('gatewaykit')` over its target: what its largest dependencies cost when imported alone
 * in the same project.
 *
 * @example
 * importObstacle(420, 380, { msw: 210, zod: 80 });
 */
export function importObstacle(ms: number, cpuMs: number | undefined, parts: Readonly<Record<string, number>>): string {
  const alone = Object.entries(parts).map(([name, t]) => `\`import('${name}')\` alone ${fmt.ms(t)}`);
  const cpu = cpuMs !== undefined ? ` (${fmt.ms(cpuMs)} of CPU)` : '';
  return `${fmt.ms(ms)}${cpu} in a fresh process; in the same install, ${alone.join(', ')}: what gatewaykit's root export loads with it.`;
}
