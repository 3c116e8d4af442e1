import type { Operation } from '../operation.ts';

/** Statuses the reference lists for createEmbeddings. */
export const EMBEDDINGS_FAULTS = [400, 401, 402, 404, 408, 413, 429, 500, 502, 503, 524, 529] as const;
/** Statuses the reference lists for listEmbeddingsModels (plus 401 of spec 5). */
export const EMBEDDINGS_MODELS_FAULTS = [400, 401, 500] as const;

/**
 * POST /embeddings and GET /embeddings/models (reference createEmbeddings, listEmbeddingsModels):
 * vectors from the catalogue's embedding models, routed over their provider endpoints, billed at
 * their prompt price.
 */
export const embeddingsOperation: Operation = {
  name: 'embeddings',
  endpoints: [
    {
      method: 'POST',
      path: '/embeddings',
      id: 'embeddings.create',
      referenceId: 'createEmbeddings',
      summary: 'Create embeddings',
      auth: 'key',
      paid: true,
      faults: EMBEDDINGS_FAULTS,
    },
    {
      method: 'GET',
      path: '/embeddings/models',
      id: 'embeddings.models.list',
      referenceId: 'listEmbeddingsModels',
      summary: 'List embedding models',
      auth: 'key',
      faults: EMBEDDINGS_MODELS_FAULTS,
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
