import type { OperationDeclaration } from '../operation-declaration.ts';
import { badQuery, malformedJson, wrongMethod, wrongType } from '../refusals.ts';

/**
 * The reference's activity and analytics operations (getUserActivity, getAnalyticsMeta,
 * queryAnalytics): a management key, or 401/403. Each reads what the gateway served and creates
 * nothing, so its checks cost no budget.
 */
export const ANALYTICS_DECLARATIONS: readonly OperationDeclaration[] = [
  {
    endpoint: 'activity.get',
    request: () => ({ method: 'GET', path: '/activity' }),
    // reference getUserActivity: `date` is a YYYY-MM-DD date of the last 30 days; `group_by` is `workspace` only.
    badInput: () => [badQuery('/activity', 'date=not-a-date'), badQuery('/activity', 'group_by=model')],
  },
  {
    endpoint: 'analytics.meta',
    request: () => ({ method: 'GET', path: '/analytics/meta' }),
    badInput: () => [wrongMethod('/analytics/meta')],
  },
  {
    endpoint: 'analytics.query',
    request: () => ({ method: 'POST', path: '/analytics/query', body: { metrics: ['request_count'] } }),
    // reference queryAnalytics: `metrics` is a required array of names.
    badInput: () => [malformedJson('/analytics/query'), wrongType('/analytics/query', { metrics: 'request_count' }, 'metrics')],
  },
];
