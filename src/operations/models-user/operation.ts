import type { Operation } from '../operation.ts';

/**
 * GET /models/user (reference `listModelsUser`): the models the caller may use. The gateway keeps
 * no per-user provider preferences or guardrails yet, so that is every model `GET /models`
 * lists, in the same shape, paged by `offset` and `limit`. Any valid key; free.
 */
export const modelsUserOperation: Operation = {
  name: 'models-user',
  endpoints: [
    {
      method: 'GET',
      path: '/models/user',
      id: 'models.user.list',
      referenceId: 'listModelsUser',
      summary: "List the models the caller's preferences allow",
      auth: 'key',
      // reference: 200, 401, 403, 404, 500.
      faults: [401, 403, 404, 500],
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
