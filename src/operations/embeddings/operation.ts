import { modelListing } from '../../catalog/model-listing.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { Operation } from '../operation.ts';
import { createEmbeddings } from './create-embeddings.ts';
import { page } from './request.ts';
import { docs } from './docs.ts';

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
  docs,
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
  handlers: ({ env }) => ({
    'embeddings.create': (ctx) => createEmbeddings(env, ctx),
    'embeddings.models.list': (ctx) => {
      const all = env.catalog.embeddingModels;
      const { items, next } = page(all, ctx.url.searchParams);
      // reference ModelsListResponse: total_count (every model) and links.next (the next page, or null) are required.
      const nextLink = next === undefined ? null : `${env.basePath}/embeddings/models?offset=${next.offset}&limit=${next.limit}`;
      return jsonResponse({ data: items.map((m) => modelListing(m, env.catalog, env.basePath)), total_count: all.length, links: { next: nextLink } });
    },
  }),
};
