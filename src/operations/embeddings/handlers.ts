import type { OperationHandlers } from '../operation.ts';
import { modelListing } from '../../catalog/model-listing.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import { createEmbeddings } from './create-embeddings.ts';
import { page } from './request.ts';

/** The embeddings operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'embeddings.create': (ctx) => createEmbeddings(env, ctx),
  'embeddings.models.list': (ctx) => {
    const all = env.catalog.embeddingModels;
    const { items, next } = page(all, ctx.url.searchParams);
    // reference ModelsListResponse: total_count (every model) and links.next (the next page, or null) are required.
    const nextLink = next === undefined ? null : `${env.basePath}/embeddings/models?offset=${next.offset}&limit=${next.limit}`;
    return jsonResponse({ data: items.map((m) => modelListing(m, env.catalog, env.basePath)), total_count: all.length, links: { next: nextLink } });
  },
});
