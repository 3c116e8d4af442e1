import { providerRank } from './provider-match.ts';
import { candidatePrice, type RouteCandidate } from './route-candidate.ts';
import type { PercentileCutoffs, RoutePreferences, SortBy } from './route-preferences.ts';

type Compare = (a: RouteCandidate, b: RouteCandidate) => number;

const BY: Record<SortBy | 'default', Compare> = {
  default: (a, b) => candidatePrice(a) - candidatePrice(b),
  price: (a, b) => candidatePrice(a) - candidatePrice(b),
  throughput: (a, b) => b.endpoint.throughput.p50 - a.endpoint.throughput.p50,
  latency: (a, b) => a.endpoint.latency.p50 - b.endpoint.latency.p50,
  // exacto: the most reliable tool callers first (model tool success rate, then endpoint uptime).
  exacto: (a, b) => (b.model.tool_success_rate ?? 0) - (a.model.tool_success_rate ?? 0) || b.endpoint.uptime - a.endpoint.uptime,
};

/** A stable sort (catalogue order breaks ties; Array.prototype.sort is stable since ES2019). */
function stableSort<T>(items: readonly T[], cmp: (a: T, b: T) => number): T[] {
  return items.length < 2 ? items.slice() : items.slice().sort(cmp);
}

function meetsLatency(c: RouteCandidate, cut: PercentileCutoffs): boolean {
  return (Object.keys(cut) as Array<keyof PercentileCutoffs>).every((k) => c.endpoint.latency[k] <= (cut[k] as number));
}

function meetsThroughput(c: RouteCandidate, cut: PercentileCutoffs): boolean {
  return (Object.keys(cut) as Array<keyof PercentileCutoffs>).every((k) => c.endpoint.throughput[k] >= (cut[k] as number));
}

/**
 * Order the filtered endpoints of each model (given in fallback order) into one attempt list:
 * 1. within each model: `provider.order` providers first, in list order; then the rest by `sort`
 *    (price ascending, throughput descending, latency ascending, exacto), or by price ascending
 *    when no sort is given (the simulator's deterministic stand-in for price-weighted load balancing);
 * 2. models stay in fallback order (`sort.partition: "model"`, the default); with `"none"` all
 *    endpoints are sorted together;
 * 3. `preferred_max_latency` / `preferred_min_throughput` move endpoints that miss a cutoff after
 *    those that meet all (they are deprioritised, not removed, across models as the reference says).
 *
 * @example
 * orderCandidates([gpt5Endpoints, claudeEndpoints], readPreferences({ sort: 'throughput' }, key));
 */
export function orderCandidates(perModel: readonly (readonly RouteCandidate[])[], prefs: RoutePreferences): RouteCandidate[] {
  const cmp = BY[prefs.sort?.by ?? 'default'];
  const order = prefs.order ?? [];
  const withinModel = (list: readonly RouteCandidate[]): RouteCandidate[] => {
    // No `order`: no provider is listed (providerRank is -1 for every one), all are sorted.
    if (order.length === 0) return stableSort(list, cmp);
    const listed = stableSort(
      list.filter((c) => providerRank(c.provider, order) >= 0),
      (a, b) => providerRank(a.provider, order) - providerRank(b.provider, order),
    );
    const rest = stableSort(
      list.filter((c) => providerRank(c.provider, order) < 0),
      cmp,
    );
    return [...listed, ...rest];
  };
  let all: RouteCandidate[];
  if (prefs.sort?.partition === 'none' && order.length === 0) all = stableSort(perModel.flat(), cmp);
  else all = perModel.flatMap(withinModel);

  const lat = prefs.preferredMaxLatency;
  const thr = prefs.preferredMinThroughput;
  if (lat || thr) {
    const meets = (c: RouteCandidate) => (!lat || meetsLatency(c, lat)) && (!thr || meetsThroughput(c, thr));
    all = [...all.filter(meets), ...all.filter((c) => !meets(c))];
  }
  return all;
}
