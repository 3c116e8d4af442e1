import { ANALYTICS_DIMENSIONS, ANALYTICS_GRANULARITIES, ANALYTICS_METRICS, ANALYTICS_OPERATORS } from './analytics-vocabulary.ts';
import type { AnalyticsRow } from './run-query.ts';

/** reference getAnalyticsMeta `data`: what queryAnalytics implements here, and nothing else. */
export function analyticsMetaData(): Record<string, unknown> {
  return {
    metrics: ANALYTICS_METRICS.map(({ name, display_label, is_rate, display_format }) => ({ name, display_label, is_rate, display_format })),
    dimensions: ANALYTICS_DIMENSIONS.map(({ name, display_label }) => ({ name, display_label })),
    operators: ANALYTICS_OPERATORS.map(({ name, value_type }) => ({ name, value_type })),
    granularities: ANALYTICS_GRANULARITIES.map(({ name, display_label }) => ({ name, display_label })),
  };
}

/** reference queryAnalytics `data`: the rows, their count, whether `limit` cut them, and any warnings. */
export function analyticsQueryData(rows: AnalyticsRow[], truncated: boolean, queryTimeMs: number, warnings: readonly string[]): Record<string, unknown> {
  return {
    data: rows,
    metadata: { query_time_ms: queryTimeMs, row_count: rows.length, truncated },
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}
