import { modelEndpointsListing } from '../catalog/model-endpoints-listing.ts';
import { listedModels } from '../catalog/listed-models.ts';
import { modelListing } from '../catalog/model-listing.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { parseModelQuery, selectModels } from '../catalog/model-query.ts';
import { videoModelListing } from '../catalog/video-model.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import type { Route } from '../http/route.ts';
import { jsonResponse } from '../http/raw-body.ts';

/**
 * GET /models (spec 4.4; reference `ModelsListResponse`: `{data, total_count, links.next}`) and
 * GET /videos/models (reference `VideoModelsListResponse`: `{data}`). Any valid key; free.
 */
export function modelsRoutes(env: GatewayEnv): Route[] {
  return [
    {
      method: 'GET',
      path: '/models',
      operation: 'models.list',
      auth: 'key',
      // reference: 200, 400, 403, 500 (plus 401 of spec 5).
      faults: [400, 401, 403, 500],
      handle(ctx) {
        const query = parseModelQuery(ctx.url.searchParams);
        // Catalogue variants (`:free`, `:thinking`) are entries of their own (listed-models.ts).
        const all = selectModels(env.catalog, query, env.clock.now());
        // reference: without offset and limit the full list is returned.
        const paged = query.numbers.offset !== undefined || query.numbers.limit !== undefined;
        const offset = query.numbers.offset ?? 0;
        const limit = query.numbers.limit ?? 500;
        const page = paged ? all.slice(offset, offset + limit) : all;
        let next: string | null = null;
        if (paged && offset + limit < all.length) {
          const params = new URLSearchParams(ctx.url.searchParams);
          params.set('offset', String(offset + limit));
          params.set('limit', String(limit));
          next = `${env.basePath}/models?${params.toString()}`;
        }
        return jsonResponse({
          data: page.map((m) => modelListing(m, env.catalog, env.basePath)),
          total_count: all.length,
          links: { next },
        });
      },
    },
    {
      method: 'GET',
      path: '/models/:author/:slug/endpoints',
      operation: 'models.endpoints.list',
      auth: 'key',
      // reference: 200, 403, 404, 500 (plus 401 of spec 5).
      faults: [401, 403, 404, 500],
      handle(ctx) {
        // The link GET /models gives as links.details (reference ListEndpointsResponse).
        const id = `${ctx.params.author}/${ctx.params.slug}`;
        // Embedding models too: GET /embeddings/models links here.
        const model = listedModels(env.catalog.models).find((m) => m.id === id || m.canonical_slug === id) ?? env.catalog.embeddingModels.find((m) => m.id === id);
        if (!model) throw new GatewayError(404, `Model "${id}" not found (GET /models lists the catalogue)`);
        return jsonResponse({ data: modelEndpointsListing(model, env.catalog) });
      },
    },
    {
      method: 'GET',
      path: '/videos/models',
      operation: 'videos.models.list',
      auth: 'key',
      faults: [400, 401, 500],
      handle() {
        return jsonResponse({ data: env.catalog.videoModels.map(videoModelListing) });
      },
    },
  ];
}
