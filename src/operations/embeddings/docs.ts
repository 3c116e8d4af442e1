import { z } from 'zod';
import { EmbeddingsRequestSchema, EmbeddingsResponseSchema } from '../../schemas/embeddings-request.ts';
import type { OperationDocs } from '../../openapi/operation-doc.ts';
import { METADATA_HEADERS, SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';

/** The embeddings operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'embeddings.create': {
      tag: 'Embeddings',
      description:
        'Unit-length vectors for a string, an array of strings, token ids or arrays of them, from an embedding model of the catalogue (`GET /embeddings/models`), routed over its provider endpoints with `provider` preferences. `dimensions` shortens the vectors where the model allows; `encoding_format: base64` sends float32 little-endian bytes. The same input and model always give the same vector, and texts that share words get closer vectors.',
      requestBody: { 'application/json': 'EmbeddingsRequest' },
      successStatus: 200,
      success: { 'application/json': 'EmbeddingsResponse' },
      parameters: [...METADATA_HEADERS, ...SIMULATION_HEADERS],
    },
    'embeddings.models.list': {
      tag: 'Embeddings',
      description: 'The embedding models of the catalogue; the whole list unless `offset` or `limit` is given.',
      successStatus: 200,
      success: { 'application/json': 'ModelsListResponse' },
      parameters: [
        { name: 'offset', in: 'query', description: 'Number of models to skip.', schema: z.number().int().min(0) },
        { name: 'limit', in: 'query', description: 'Page size (default 500 when `offset` is given).', schema: z.number().int().min(1).max(1000) },
        ...SIMULATION_HEADERS,
      ],
    },
  },
  components: {
    requests: {
      EmbeddingsRequest: EmbeddingsRequestSchema,
    },
    answers: {
      EmbeddingsResponse: EmbeddingsResponseSchema,
    },
  },
};
