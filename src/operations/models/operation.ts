import type { Operation } from '../operation.ts';

/**
 * GET /models (spec 4.4; reference getModels) and GET /models/:author/:slug/endpoints (reference
 * listEndpoints, the link GET /models gives as `links.details`). Any valid key; free.
 */
export const modelsOperation: Operation = {
  name: 'models',
  endpoints: [
    // reference: 200, 400, 403, 500 (plus 401 of spec 5).
    { method: 'GET', path: '/models', id: 'models.list', referenceId: 'getModels', summary: 'List models', auth: 'key', faults: [400, 401, 403, 500] },
    // reference: 200, 403, 404, 500 (plus 401 of spec 5).
    {
      method: 'GET',
      path: '/models/:author/:slug/endpoints',
      id: 'models.endpoints.list',
      referenceId: 'listEndpoints',
      summary: 'List the provider endpoints of a model',
      auth: 'key',
      faults: [401, 403, 404, 500],
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
