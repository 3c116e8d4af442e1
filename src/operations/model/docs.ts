import { z } from 'zod';
import type { OperationDocs } from '../../openapi/operation-doc.ts';
import { SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';

/** The model operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'model.get': {
      summary: 'Get a model by its slug',
      tag: 'Models',
      description:
        'One model as `GET /models` lists it, under `data`; the slug may carry a catalogue variant (`:free`) or be the canonical slug. 404 for an unknown model.',
      successStatus: 200,
      success: { 'application/json': 'ModelResponse' },
      parameters: [
        { name: 'author', in: 'path', required: true, description: 'Model author, e.g. `openai`.', schema: z.string() },
        { name: 'slug', in: 'path', required: true, description: 'Model slug, e.g. `gpt-4` or `gpt-4o-mini:free`.', schema: z.string() },
        ...SIMULATION_HEADERS,
      ],
    },
  },
  components: {
    written: {
      ModelResponse: { type: 'object', required: ['data'], properties: { data: { $ref: '#/components/schemas/Model' } } },
    },
  },
};
