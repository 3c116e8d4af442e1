import type { ActivityRow } from '../../schemas/activity-row.ts';
import { ANALYTICS_DIMENSIONS } from './analytics-vocabulary.ts';
import type { AnalyticsFilter } from './request.ts';

/**
 * Whether a cell passes one filter (reference queryAnalytics `filters`). Values compare as text
 * (a number filter value matches its decimal form). A cell without a value for the dimension (a
 * key with no creating user) passes `in` and `not_in` only with `include_unset`, and never `eq`
 * or `neq`.
 */
export function filterMatches(filter: AnalyticsFilter, cell: ActivityRow): boolean {
  const value = ANALYTICS_DIMENSIONS.find((d) => d.name === filter.field)?.value(cell) ?? null;
  const wanted = Array.isArray(filter.value) ? filter.value.map(String) : [String(filter.value)];
  if (value === null) return filter.include_unset === true && (filter.operator === 'in' || filter.operator === 'not_in');
  switch (filter.operator) {
    case 'eq':
    case 'in':
      return wanted.includes(value);
    default:
      return !wanted.includes(value);
  }
}
