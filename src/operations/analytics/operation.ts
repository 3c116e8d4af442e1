import type { Operation } from '../operation.ts';

/** A query body is small: a few names, 20 filters of 100 values. */
const MAX_ANALYTICS_BODY_BYTES = 256 * 1024;

/**
 * The reference's Analytics query operations (management key only): `GET /analytics/meta` lists
 * what `POST /analytics/query` implements; the query reads the activity aggregate, per gateway-clock
 * UTC day (docs/management.md).
 */
export const analyticsOperation: Operation = {
  name: 'analytics',
  endpoints: [
    {
      method: 'GET',
      path: '/analytics/meta',
      id: 'analytics.meta',
      referenceId: 'getAnalyticsMeta',
      summary: 'The metrics, dimensions, operators and granularities of the analytics query',
      auth: 'management',
      faults: [401, 403, 500],
    },
    {
      method: 'POST',
      path: '/analytics/query',
      id: 'analytics.query',
      referenceId: 'queryAnalytics',
      summary: 'Query the activity by metrics, dimensions, filters and time buckets',
      auth: 'management',
      faults: [400, 401, 403, 408, 500],
      maxBodyBytes: MAX_ANALYTICS_BODY_BYTES,
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
