import { modelListing } from '../../catalog/model-listing.ts';
import { parseModelQuery, selectModels } from '../../catalog/model-query.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { Operation } from '../operation.ts';
import { pageOf } from './request.ts';
import { docs } from './docs.ts';

/**
 * GET /models/user (reference `listModelsUser`): the models the caller may use. The gateway keeps
 * no per-user provider preferences or guardrails yet, so that is every model `GET /models`
 * lists, in the same shape, paged by `offset` and `limit`. Any valid key; free.
 */
export const modelsUserOperation: Operation = {
  name: 'models-user',
  docs,
  endpoints: [
    {
      method: 'GET',
      path: '/models/user',
      id: 'models.user.list',
      referenceId: 'listModelsUser',
      summary: "List the models the caller's preferences allow",
      auth: 'key',
      // reference: 200, 401, 403, 404, 500.
      faults: [401, 403, 404, 500],
    },
  ],
  handlers: ({ env }) => ({
    'models.user.list': (ctx) => {
      const page = pageOf(ctx.url.searchParams);
      const all = selectModels(env.catalog, parseModelQuery(new URLSearchParams()), env.clock.now());
      const shown = page ? all.slice(page.offset, page.offset + page.limit) : all;
      const next = page && page.offset + page.limit < all.length ? `${env.basePath}/models/user?offset=${page.offset + page.limit}&limit=${page.limit}` : null;
      return jsonResponse({ data: shown.map((m) => modelListing(m, env.catalog, env.basePath)), total_count: all.length, links: { next } });
    },
  }),
};
