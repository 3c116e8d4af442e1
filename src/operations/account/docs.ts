import { z } from 'zod';
import { CreditsResponseSchema, GenerationResponseSchema, KeyResponseSchema } from '../../schemas/account-responses.ts';
import type { OperationDocs } from '../../openapi/operation-doc.ts';
import { SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';

/** The account operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'generation.get': {
      tag: 'Generations',
      description:
        'One paid answer (responses, embeddings) by its `X-Generation-Id`: model, provider, token counts, cost, latency and generation time on the gateway clock. The latest answers are kept (1000 by default); an unknown or forgotten id is a 404.',
      successStatus: 200,
      success: { 'application/json': 'GenerationResponse' },
      parameters: [
        { name: 'id', in: 'query', required: true, description: 'The `X-Generation-Id` of the answer.', schema: z.string().min(1).max(256) },
        ...SIMULATION_HEADERS,
      ],
    },
    'key.get': {
      tag: 'API Keys',
      description:
        "The calling key's spending limit, usage (in all and in the current UTC day, week and month of the gateway clock), what is left of the limit, and its flags. Every paid answer adds its `usage.cost`.",
      successStatus: 200,
      success: { 'application/json': 'KeyResponse' },
      parameters: SIMULATION_HEADERS,
    },
    'credits.get': {
      tag: 'Credits',
      description:
        "The account's purchased credits and total usage, USD. Management key only (403 otherwise). Paid operations answer 402 once usage reaches the credits.",
      successStatus: 200,
      success: { 'application/json': 'CreditsResponse' },
      parameters: SIMULATION_HEADERS,
    },
  },
  components: {
    answers: {
      GenerationResponse: GenerationResponseSchema,
      KeyResponse: KeyResponseSchema,
      CreditsResponse: CreditsResponseSchema,
    },
  },
};
