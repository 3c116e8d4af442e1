/** A V8 `.cpuprofile` (what `node --cpu-prof` writes), the parts the summary reads. */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>;
  samples: number[];
  timeDeltas: number[];
}

export interface Frame {
  name: string;
  /** Share of all sampled time, 0..1. */
  share: number;
}

export interface ProfileSummary {
  label: string;
  /** The throughput row profiled (a name of the throughput table), when it is one. */
  row?: string;
  totalMs: number;
  /** Largest self time: where the CPU was. */
  self: Frame[];
  /** Largest inclusive time among the package's own functions (src/, conformance/): what each step costs. */
  inclusive: Frame[];
}

const ROOT = new URL('..', import.meta.url).href;

/** `runEngine src/engine/run-engine.ts:42`, with the checkout's location left out. */
function frameName(f: CpuProfile['nodes'][number]['callFrame']): string {
  const fn = f.functionName || '(anonymous)';
  if (!f.url) return fn;
  let where = f.url.startsWith(ROOT) ? f.url.slice(ROOT.length) : f.url;
  const nm = where.lastIndexOf('node_modules/');
  if (nm >= 0) where = where.slice(nm);
  else if (where.startsWith('file://')) where = where.replace(/^file:\/\/.*\//, '');
  // The bench's compiled build (bench/.build-tmp/src/x.js): named as the source file it came from.
  if (where.startsWith('bench/.build-tmp/')) return `${fn} ${where.slice('bench/.build-tmp/'.length).replace(/\.js$/, '.ts')}`;
  // tsx runs src/ as transformed code, so its line numbers say nothing: the file is enough.
  return where.startsWith('src/') || where.startsWith('bench/') ? `${fn} ${where}` : `${fn} ${where}:${f.lineNumber + 1}`;
}

/**
 * Self and inclusive time per function (aggregated over the call tree; a recursive function is
 * counted once per sample).
 *
 * @example
 * const s = summariseProfile(JSON.parse(readFileSync('x.cpuprofile', 'utf8')), 10);
 */
export function summariseProfile(profile: CpuProfile, top: number): Omit<ProfileSummary, 'label'> {
  const parent = new Map<number, number>();
  const byId = new Map<number, CpuProfile['nodes'][number]>();
  for (const n of profile.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  const names = new Map<number, string>();
  for (const n of profile.nodes) names.set(n.id, frameName(n.callFrame));
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  // The profiler's own stop call (node:inspector's session.post) is sampled too: not the server's work.
  const profilerOwn = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) if (byId.get(at)?.callFrame.url === 'node:inspector') return true;
    return false;
  };
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i] as number;
    const dt = profile.timeDeltas[i] ?? 0;
    if (profilerOwn(id)) continue;
    total += dt;
    const name = names.get(id) ?? '?';
    self.set(name, (self.get(name) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const n = names.get(at) ?? '?';
      if (seen.has(n)) continue;
      seen.add(n);
      inclusive.set(n, (inclusive.get(n) ?? 0) + dt);
    }
  }
  const ranked = (m: Map<string, number>, keep: (name: string) => boolean) =>
    [...m]
      .filter(([n]) => keep(n))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, t]) => ({ name, share: total ? t / total : 0 }));
  return {
    totalMs: total / 1000,
    self: ranked(self, () => true),
    inclusive: ranked(inclusive, (n) => / (src|conformance)\//.test(n) && !n.startsWith('(anonymous) src/cli')),
  };
}

/** Markdown for one summary: two short tables. */
export function renderProfile(s: ProfileSummary): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const lines = [`#### ${s.label}`, '', `Sampled ${(s.totalMs / 1000).toFixed(1)} s.`, '', '| Self time (top) | share |', '|---|---:|'];
  for (const f of s.self) lines.push(`| \`${f.name}\` | ${pct(f.share)} |`);
  lines.push('', '| Inclusive, gatewaykit functions (top) | share |', '|---|---:|');
  for (const f of s.inclusive) lines.push(`| \`${f.name}\` | ${pct(f.share)} |`);
  lines.push('');
  return lines.join('\n');
}
