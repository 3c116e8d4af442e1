import { modelEndpointsListing } from '../../catalog/model-endpoints-listing.ts';
import { listedModels } from '../../catalog/listed-models.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { Operation } from '../operation.ts';
import { modelsPage } from './response.ts';
import { docs } from './docs.ts';

/**
 * GET /models (spec 4.4; reference getModels) and GET /models/:author/:slug/endpoints (reference
 * listEndpoints, the link GET /models gives as `links.details`). Any valid key; free.
 */
export const modelsOperation: Operation = {
  name: 'models',
  docs,
  endpoints: [
    // reference: 200, 400, 403, 500 (plus 401 of spec 5).
    { method: 'GET', path: '/models', id: 'models.list', referenceId: 'getModels', summary: 'List models', auth: 'key', faults: [400, 401, 403, 500] },
    // reference: 200, 403, 404, 500 (plus 401 of spec 5).
    {
      method: 'GET',
      path: '/models/:author/:slug/endpoints',
      id: 'models.endpoints.list',
      referenceId: 'listEndpoints',
      summary: 'List the provider endpoints of a model',
      auth: 'key',
      faults: [401, 403, 404, 500],
    },
  ],
  handlers: ({ env }) => ({
    'models.list': (ctx) => jsonResponse(modelsPage(env, ctx.url)),
    'models.endpoints.list': (ctx) => {
      const id = `${ctx.params.author}/${ctx.params.slug}`;
      // Embedding models too: GET /embeddings/models links here.
      const model =
        listedModels(env.catalog.models).find((m) => m.id === id || m.canonical_slug === id) ?? env.catalog.embeddingModels.find((m) => m.id === id);
      if (!model) throw new GatewayError(404, `Model "${id}" not found (GET /models lists the catalogue)`);
      return jsonResponse({ data: modelEndpointsListing(model, env.catalog) });
    },
  }),
};
