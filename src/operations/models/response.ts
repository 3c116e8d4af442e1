import { modelListing } from '../../catalog/model-listing.ts';
import { parseModelQuery, selectModels } from '../../catalog/model-query.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';

/**
 * The body of GET /models (reference `ModelsListResponse`: `{data, total_count, links.next}`): the
 * catalogue filtered and sorted by the query, one page of it when `offset` or `limit` is given.
 *
 * @example
 * modelsPage(env, new URL('http://x/api/v1/models?limit=2')).links.next; // '/api/v1/models?limit=2&offset=2'
 */
export function modelsPage(env: Pick<GatewayEnv, 'catalog' | 'clock' | 'basePath'>, url: URL) {
  const query = parseModelQuery(url.searchParams);
  // Catalogue variants (`:free`, `:thinking`) are entries of their own (listed-models.ts).
  const all = selectModels(env.catalog, query, env.clock.now());
  // reference: without offset and limit the full list is returned.
  const paged = query.numbers.offset !== undefined || query.numbers.limit !== undefined;
  const offset = query.numbers.offset ?? 0;
  const limit = query.numbers.limit ?? 500;
  const page = paged ? all.slice(offset, offset + limit) : all;
  let next: string | null = null;
  if (paged && offset + limit < all.length) {
    const params = new URLSearchParams(url.searchParams);
    params.set('offset', String(offset + limit));
    params.set('limit', String(limit));
    next = `${env.basePath}/models?${params.toString()}`;
  }
  return {
    data: page.map((m) => modelListing(m, env.catalog, env.basePath)),
    total_count: all.length,
    links: { next },
  };
}
