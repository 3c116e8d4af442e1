import type { OperationHandlers } from '../operation.ts';
import { modelListing } from '../../catalog/model-listing.ts';
import { parseModelQuery, selectModels } from '../../catalog/model-query.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import { pageOf } from './request.ts';

/** The models-user operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'models.user.list': (ctx) => {
    const page = pageOf(ctx.url.searchParams);
    const all = selectModels(env.catalog, parseModelQuery(new URLSearchParams()), env.clock.now());
    const shown = page ? all.slice(page.offset, page.offset + page.limit) : all;
    const next = page && page.offset + page.limit < all.length ? `${env.basePath}/models/user?offset=${page.offset + page.limit}&limit=${page.limit}` : null;
    return jsonResponse({ data: shown.map((m) => modelListing(m, env.catalog, env.basePath)), total_count: all.length, links: { next } });
  },
});
