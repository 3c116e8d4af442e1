import type { OperationHandlers } from '../operation.ts';
import { modelEndpointsListing } from '../../catalog/model-endpoints-listing.ts';
import { listedModels } from '../../catalog/listed-models.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import { modelsPage } from './response.ts';

/** The models operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'models.list': (ctx) => jsonResponse(modelsPage(env, ctx.url)),
  'models.endpoints.list': (ctx) => {
    const id = `${ctx.params.author}/${ctx.params.slug}`;
    // Embedding models too: GET /embeddings/models links here.
    const model = listedModels(env.catalog.models).find((m) => m.id === id || m.canonical_slug === id) ?? env.catalog.embeddingModels.find((m) => m.id === id);
    if (!model) throw new GatewayError(404, `Model "${id}" not found (GET /models lists the catalogue)`);
    return jsonResponse({ data: modelEndpointsListing(model, env.catalog) });
  },
});
