import { z } from 'zod';
import type { OperationDocs } from '../../openapi/operation-doc.ts';
import { SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';

/** The models-count operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'models.count': {
      summary: 'Get total count of available models',
      tag: 'Models',
      description:
        'How many models `GET /models` lists with one of the `output_modalities` (comma-separated: text, image, audio, embeddings, or all; default text). 400 for an unknown modality.',
      successStatus: 200,
      success: { 'application/json': 'ModelsCountResponse' },
      parameters: [
        { name: 'output_modalities', in: 'query', description: 'text, image, audio, embeddings (comma-separated) or all; default text.', schema: z.string() },
        ...SIMULATION_HEADERS,
      ],
    },
  },
  components: {
    written: {
      ModelsCountResponse: {
        type: 'object',
        required: ['data'],
        properties: { data: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } } },
      },
    },
  },
};
