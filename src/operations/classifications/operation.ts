import type { Operation } from '../operation.ts';

/**
 * GET /classifications/task (reference getTaskClassifications): "any valid OpenRouter API key",
 * not billed; `window` is `7d` (the only one the reference supports) or absent.
 */
export const classificationsOperation: Operation = {
  name: 'classifications',
  endpoints: [
    {
      method: 'GET',
      path: '/classifications/task',
      id: 'classifications.task.get',
      referenceId: 'getTaskClassifications',
      summary: 'Task classification market share',
      auth: 'key',
      faults: [400, 401, 429, 500],
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
