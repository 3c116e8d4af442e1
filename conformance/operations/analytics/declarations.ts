import type { OperationDeclaration } from '../../kit/operation-declaration.ts';
import { malformedJson, wrongMethod, wrongType } from '../../kit/refusals.ts';

/** The kit's declarations of the analytics operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
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
