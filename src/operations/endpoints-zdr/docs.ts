import type { OperationDocs } from '../../openapi/operation-doc.ts';
import { SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';

/** The endpoints-zdr operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'endpoints.zdr.list': {
      summary: 'Preview the impact of ZDR on the available endpoints',
      tag: 'Endpoints',
      description: 'Every provider endpoint a `zdr: true` request may use (providers that retain no data), as `PublicEndpoint`s.',
      successStatus: 200,
      success: { 'application/json': 'PublicEndpointsListResponse' },
      parameters: [...SIMULATION_HEADERS],
    },
  },
  components: {
    written: {
      PublicEndpointsListResponse: {
        type: 'object',
        required: ['data'],
        properties: { data: { type: 'array', items: { type: 'object', required: ['name', 'model_id', 'tag', 'pricing', 'status'] } } },
      },
    },
  },
};
