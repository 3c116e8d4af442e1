import { listedModels } from '../../catalog/listed-models.ts';
import { modelListing } from '../../catalog/model-listing.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { Operation } from '../operation.ts';
import { docs } from './docs.ts';

/**
 * GET /model/{author}/{slug} (reference `getModel`): one model as `GET /models` lists it, under
 * `data`. The slug may carry a catalogue variant (`gpt-4o-mini:free`) and may be a known alias
 * (the canonical slug); an unknown model is a 404. Any valid key; free.
 */
export const modelOperation: Operation = {
  name: 'model',
  docs,
  endpoints: [
    {
      method: 'GET',
      path: '/model/:author/:slug',
      id: 'model.get',
      referenceId: 'getModel',
      summary: 'Get a model by its author and slug',
      auth: 'key',
      // reference: 200, 403, 404, 500 (plus 401 of spec 5).
      faults: [401, 403, 404, 500],
    },
  ],
  handlers: ({ env }) => ({
    'model.get': (ctx) => {
      const id = `${ctx.params.author}/${ctx.params.slug}`;
      const at = id.lastIndexOf(':');
      const [base, variant] = at > id.indexOf('/') ? [id.slice(0, at), id.slice(at)] : [id, ''];
      const named = env.catalog.models.find((m) => m.id === base || m.aliases.includes(base) || m.canonical_slug === base);
      const model = named && listedModels([named]).find((m) => m.id === `${named.id}${variant}`);
      if (!model) throw new GatewayError(404, `Model "${id}" not found (GET /models lists the catalogue)`);
      return jsonResponse({ data: modelListing(model, env.catalog, env.basePath) });
    },
  }),
};
