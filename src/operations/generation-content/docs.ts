import { z } from 'zod';
import { GenerationContentResponseSchema } from '../../schemas/generation-content.ts';
import type { OperationDocs } from '../../openapi/operation-doc.ts';
import { SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';

/** The generation-content operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'generation.content.get': {
      tag: 'Generations',
      description:
        "What a text generation (responses, chat, messages) read and wrote: the prompt as messages (the instructions first, as the system's), the output text as `completion` and the reasoning summaries as `reasoning`, and `error` (status, message, provider) when it failed before any output. Kept with the generation's record: the latest answers (1000 by default, `generationsLimit`) and as many failed ones; the oldest are forgotten first, and all on control reset. 404 otherwise.",
      successStatus: 200,
      success: { 'application/json': 'GenerationContentResponse' },
      parameters: [
        { name: 'id', in: 'query', required: true, description: 'The `X-Generation-Id` of the generation.', schema: z.string().min(1).max(256) },
        ...SIMULATION_HEADERS,
      ],
    },
  },
  components: {
    answers: {
      GenerationContentResponse: GenerationContentResponseSchema,
    },
  },
};
