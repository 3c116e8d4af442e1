import { ANALYTICS_METRICS, type GroupSums } from './analytics-vocabulary.ts';
import type { AnalyticsQuery } from './request.ts';

/** One group of a query: its time bucket (first day, or null without granularity), dimension values and sums. */
export interface Group {
  readonly bucket: string | null;
  readonly values: readonly (string | null)[];
  readonly sums: GroupSums;
}

const text = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);

/** Time, then dimension values, ascending: the order ties are always broken in, so an answer is deterministic. */
function natural(a: Group, b: Group): number {
  const byTime = text(a.bucket, b.bucket);
  if (byTime !== 0) return byTime;
  for (let i = 0; i < a.values.length; i++) {
    const byValue = text(a.values[i] ?? null, b.values[i] ?? null);
    if (byValue !== 0) return byValue;
  }
  return 0;
}

/**
 * The order of a query's rows: `order_by` (a metric, a requested dimension, or `date`) first when
 * given, then time and dimension values ascending. The handler has checked `order_by.field`.
 */
export function compareGroups(q: AnalyticsQuery, dimensions: readonly string[]): (a: Group, b: Group) => number {
  const order = q.order_by;
  if (!order) return natural;
  const sign = order.direction === 'asc' ? 1 : -1;
  const metric = ANALYTICS_METRICS.find((m) => m.name === order.field);
  const at = dimensions.indexOf(order.field);
  const first = (a: Group, b: Group): number => {
    if (metric) return metric.value(a.sums) - metric.value(b.sums);
    if (at >= 0) return text(a.values[at] ?? null, b.values[at] ?? null);
    return text(a.bucket, b.bucket);
  };
  return (a, b) => sign * first(a, b) || natural(a, b);
}
