import { z } from 'zod';
import { GenerationFeedbackRequestSchema } from '../../schemas/generation-content.ts';
import type { OperationDocs } from '../../openapi/operation-doc.ts';
import { SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';

/** The generation-feedback operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'generation.feedback': {
      tag: 'Generations',
      description:
        'Management key only. Body: `generation_id` (a generation this gateway still keeps, 404 otherwise), `category` (latency, incoherence, incorrect_response, formatting, billing, api_error, other), `comment` (at most 1000 characters). Recorded in the request journal (`GET /__gatewaykit/requests`, the inspector).',
      requestBody: { 'application/json': 'GenerationFeedbackRequest' },
      successStatus: 200,
      success: { 'application/json': 'GenerationFeedbackResponse' },
      parameters: SIMULATION_HEADERS,
    },
  },
  components: {
    requests: {
      GenerationFeedbackRequest: GenerationFeedbackRequestSchema,
    },
    answers: {
      GenerationFeedbackResponse: z.object({ data: z.object({ success: z.literal(true) }) }),
    },
  },
};
