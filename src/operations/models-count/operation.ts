import { jsonResponse } from '../../http/raw-body.ts';
import type { Operation } from '../operation.ts';
import { readCountQuery } from './request.ts';
import { modelsCountBody } from './response.ts';
import { docs } from './docs.ts';

/** GET /models/count (reference `listModelsCount`). Any valid key; free. */
export const modelsCountOperation: Operation = {
  name: 'models-count',
  docs,
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
  handlers: ({ env }) => ({
    'models.count': (ctx) => jsonResponse(modelsCountBody(env.catalog, readCountQuery(ctx.url.searchParams))),
  }),
};
