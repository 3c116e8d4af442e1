import type { OperationHandlers } from '../operation.ts';
import { listedModels } from '../../catalog/listed-models.ts';
import { modelListing } from '../../catalog/model-listing.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { jsonResponse } from '../../http/raw-body.ts';

/** The model operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'model.get': (ctx) => {
    const id = `${ctx.params.author}/${ctx.params.slug}`;
    const at = id.lastIndexOf(':');
    const [base, variant] = at > id.indexOf('/') ? [id.slice(0, at), id.slice(at)] : [id, ''];
    const named = env.catalog.models.find((m) => m.id === base || m.aliases.includes(base) || m.canonical_slug === base);
    const model = named && listedModels([named]).find((m) => m.id === `${named.id}${variant}`);
    if (!model) throw new GatewayError(404, `Model "${id}" not found (GET /models lists the catalogue)`);
    return jsonResponse({ data: modelListing(model, env.catalog, env.basePath) });
  },
});
