import type { Operation } from '../operation.ts';

/** GET /models/count (reference `listModelsCount`). Any valid key; free. */
export const modelsCountOperation: Operation = {
  name: 'models-count',
  endpoints: [
    {
      method: 'GET',
      path: '/models/count',
      id: 'models.count',
      referenceId: 'listModelsCount',
      summary: 'Count the models of the catalogue',
      auth: 'key',
      // reference: 200, 400, 403, 500 (plus 401 of spec 5).
      faults: [400, 401, 403, 500],
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
