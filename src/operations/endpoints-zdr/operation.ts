import { jsonResponse } from '../../http/raw-body.ts';
import type { Operation } from '../operation.ts';
import { zdrEndpointsBody } from './response.ts';
import { docs } from './docs.ts';

/** GET /endpoints/zdr (reference `listEndpointsZdr`). Any valid key; free. */
export const endpointsZdrOperation: Operation = {
  name: 'endpoints-zdr',
  docs,
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
  handlers: ({ env }) => ({
    'endpoints.zdr.list': () => jsonResponse(zdrEndpointsBody(env.catalog)),
  }),
};
