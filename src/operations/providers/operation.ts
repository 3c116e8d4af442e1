import type { Operation } from '../operation.ts';

/** GET /providers (reference `listProviders`): the catalogue's providers. Any valid key; free. */
export const providersOperation: Operation = {
  name: 'providers',
  endpoints: [
    {
      method: 'GET',
      path: '/providers',
      id: 'providers.list',
      referenceId: 'listProviders',
      summary: 'List the providers of the catalogue',
      auth: 'key',
      // reference: 200, 500 (plus 401 of spec 5).
      faults: [401, 500],
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
