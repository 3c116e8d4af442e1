import { z } from 'zod';
import type { OperationDocs } from '../../openapi/operation-doc.ts';
import { SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';

/** The models-user operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'models.user.list': {
      summary: "List models filtered by the caller's preferences",
      tag: 'Models',
      description:
        'The models the caller may use, as `GET /models` lists them (every model: the gateway keeps no per-user preferences yet), paged by `offset` and `limit` (1..1000).',
      successStatus: 200,
      success: { 'application/json': 'ModelsListResponse' },
      parameters: [
        { name: 'offset', in: 'query', description: 'Records to skip.', schema: z.number().int().min(0) },
        { name: 'limit', in: 'query', description: 'Records to return, 1..1000.', schema: z.number().int().min(1).max(1000) },
        ...SIMULATION_HEADERS,
      ],
    },
  },
};
