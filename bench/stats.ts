/** Median of a non-empty list (mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

export const MB = 1024 * 1024;

export const fmt = {
  int: (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a'),
  ms: (n: number) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms` : 'n/a'),
  /** autocannon records latency in whole milliseconds: 0 means under 1 ms. */
  latency: (n: number) => (!Number.isFinite(n) ? 'n/a' : n < 1 ? '< 1 ms' : `${n % 1 ? n.toFixed(1) : n} ms`),
  us: (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} µs` : 'n/a'),
  mb: (n: number) => (Number.isFinite(n) ? `${(n / MB).toFixed(1)} MB` : 'n/a'),
  ratio: (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}x` : 'n/a'),
};

/**
 * The peer's CPU per request over ours, paired by round (both measured in the same round, one
 * after the other), as the median of the rounds' ratios; the ratio of the medians when the rounds
 * are not known.
 *
 * @example
 * pairedCpuRatio({ cpuUs: 80, cpuRuns: [80, 90] }, { cpuUs: 120, cpuRuns: [120, 117] }); // 1.40x
 */
export function pairedCpuRatio(ours: { cpuUs?: number; cpuRuns?: number[] }, peer: { cpuUs?: number; cpuRuns?: number[] }): number | undefined {
  const [a, b] = [ours.cpuRuns ?? [], peer.cpuRuns ?? []];
  if (a.length > 0 && a.length === b.length && a.every((x) => x > 0)) return median(a.map((x, i) => (b[i] as number) / x));
  return ours.cpuUs && peer.cpuUs ? peer.cpuUs / ours.cpuUs : undefined;
}
