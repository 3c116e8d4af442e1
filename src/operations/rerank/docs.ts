import { RerankRequestSchema, RerankResponseSchema } from '../../schemas/rerank-request.ts';
import type { OperationDocs } from '../../openapi/operation-doc.ts';
import { SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';

/** The rerank operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'rerank.create': {
      summary: 'Rerank documents',
      tag: 'Rerank',
      description:
        'Each document scored against `query` from the lexical features embeddings use (shared words, stems, word pairs; stop words count little), from 0 to 1, most relevant first with its input `index` and the document echoed; `top_n` keeps the first ones. Billed per search unit (a query with up to 100 documents).',
      requestBody: { 'application/json': 'RerankRequest' },
      successStatus: 200,
      success: { 'application/json': 'RerankResponse' },
      parameters: SIMULATION_HEADERS,
    },
  },
  components: {
    requests: {
      RerankRequest: RerankRequestSchema,
    },
    answers: {
      RerankResponse: RerankResponseSchema,
    },
  },
};
