import { z } from 'zod';
import type { OperationDocs } from '../../openapi/operation-doc.ts';
import { SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';

/** The classifications operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'classifications.task.get': {
      tag: 'Classifications',
      description:
        'Shares of classified requests and tokens per task over the trailing 7 days, grouped into macro-categories, each with its top catalogue models.',
      successStatus: 200,
      success: { 'application/json': 'TaskClassificationResponse' },
      parameters: [{ name: 'window', in: 'query', description: 'Only `7d`.', schema: z.enum(['7d']) }, ...SIMULATION_HEADERS],
    },
  },
  components: {
    written: {
      TaskClassificationResponse: {
        type: 'object',
        required: ['data'],
        properties: { data: { type: 'object', required: ['window_days', 'as_of', 'classifications', 'macro_categories'] } },
      },
    },
  },
};
