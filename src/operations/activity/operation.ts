import type { Operation } from '../operation.ts';

/**
 * The reference's `GET /activity` (management key only): what the gateway served and charged,
 * per gateway-clock UTC day, model and endpoint, from the activity aggregate (docs/management.md).
 */
export const activityOperation: Operation = {
  name: 'activity',
  endpoints: [
    {
      method: 'GET',
      path: '/activity',
      id: 'activity.get',
      referenceId: 'getUserActivity',
      summary: 'Activity of the last 30 completed UTC days, grouped by endpoint',
      auth: 'management',
      faults: [400, 401, 403, 404, 500],
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
