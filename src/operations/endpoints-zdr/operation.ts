import type { Operation } from '../operation.ts';

/** GET /endpoints/zdr (reference `listEndpointsZdr`). Any valid key; free. */
export const endpointsZdrOperation: Operation = {
  name: 'endpoints-zdr',
  endpoints: [
    {
      method: 'GET',
      path: '/endpoints/zdr',
      id: 'endpoints.zdr.list',
      referenceId: 'listEndpointsZdr',
      summary: 'List the endpoints a zero-data-retention request may use',
      auth: 'key',
      // reference: 200, 403, 500 (plus 401 of spec 5).
      faults: [401, 403, 500],
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
