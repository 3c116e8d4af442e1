import type { ActivityRow } from '../../schemas/activity-row.ts';
import { ANALYTICS_DIMENSIONS, ANALYTICS_METRICS, type AnalyticsGranularity, type GroupSums } from './analytics-vocabulary.ts';
import { filterMatches } from './filter-matches.ts';
import type { AnalyticsQuery } from './request.ts';
import { bucketStart, inRange, type DayRange } from './time-buckets.ts';
import { compareGroups, type Group } from './group-order.ts';

/** One row of the answer: the time bucket, the dimensions' values and the metrics asked for. */
export type AnalyticsRow = Record<string, string | number | null>;

const emptySums = (): GroupSums => ({
  requests: 0,
  cost: 0,
  byok_cost: 0,
  prompt_tokens: 0,
  completion_tokens: 0,
  reasoning_tokens: 0,
  cached_tokens: 0,
  latency_ms: 0,
});

function addSums(s: GroupSums, row: ActivityRow): void {
  s.requests += row.requests;
  s.cost += row.cost;
  s.byok_cost += row.byok_cost;
  s.prompt_tokens += row.prompt_tokens;
  s.completion_tokens += row.completion_tokens;
  s.reasoning_tokens += row.reasoning_tokens;
  s.cached_tokens += row.cached_tokens;
  s.latency_ms += row.latency_ms;
}

/** The cells in range and past the filters, summed per time bucket and dimension values. */
export function groupCells(cells: readonly ActivityRow[], q: AnalyticsQuery, range: DayRange): Group[] {
  const dims = (q.dimensions ?? []).map((name) => ANALYTICS_DIMENSIONS.find((d) => d.name === name)!);
  const groups = new Map<string, Group>();
  for (const cell of cells) {
    if (!inRange(cell.day, range) || !(q.filters ?? []).every((f) => filterMatches(f, cell))) continue;
    const bucket = q.granularity ? bucketStart(cell.day, q.granularity as AnalyticsGranularity) : null;
    const values = dims.map((d) => d.value(cell));
    const id = JSON.stringify([bucket, values]);
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { bucket, values, sums: emptySums() }));
    addSums(group.sums, cell);
  }
  return [...groups.values()];
}

/**
 * reference queryAnalytics over the activity cells: group, order (`order_by`, else by time then
 * dimension values), cap each dimension combination at `group_limit` and the whole at `limit`.
 * The work is bounded by the cells kept, whatever the time range.
 */
export function runAnalyticsQuery(
  cells: readonly ActivityRow[],
  q: AnalyticsQuery,
  range: DayRange,
  limit: number,
): { rows: AnalyticsRow[]; truncated: boolean } {
  const dimensions = q.dimensions ?? [];
  const metrics = [...new Set(q.metrics)].map((name) => ANALYTICS_METRICS.find((m) => m.name === name)!);
  const groups = groupCells(cells, q, range).sort(compareGroups(q, dimensions));
  const perCombination = new Map<string, number>();
  const rows: AnalyticsRow[] = [];
  let truncated = false;
  for (const group of groups) {
    if (q.group_limit !== undefined && dimensions.length > 0) {
      const combination = JSON.stringify(group.values);
      const seen = perCombination.get(combination) ?? 0;
      perCombination.set(combination, seen + 1);
      if (seen >= q.group_limit) continue;
    }
    if (rows.length >= limit) {
      truncated = true;
      break;
    }
    const row: AnalyticsRow = {};
    if (group.bucket !== null) row[`date__${q.granularity}`] = `${group.bucket}T00:00:00.000Z`;
    dimensions.forEach((name, i) => (row[name] = group.values[i] ?? null));
    for (const metric of metrics) row[metric.name] = metric.value(group.sums);
    rows.push(row);
  }
  return { rows, truncated };
}
