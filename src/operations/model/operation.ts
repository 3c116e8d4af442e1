import type { Operation } from '../operation.ts';

/**
 * GET /model/{author}/{slug} (reference `getModel`): one model as `GET /models` lists it, under
 * `data`. The slug may carry a catalogue variant (`gpt-4o-mini:free`) and may be a known alias
 * (the canonical slug); an unknown model is a 404. Any valid key; free.
 */
export const modelOperation: Operation = {
  name: 'model',
  endpoints: [
    {
      method: 'GET',
      path: '/model/:author/:slug',
      id: 'model.get',
      referenceId: 'getModel',
      summary: 'Get a model by its author and slug',
      auth: 'key',
      // reference: 200, 403, 404, 500 (plus 401 of spec 5).
      faults: [401, 403, 404, 500],
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
