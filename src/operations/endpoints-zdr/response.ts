import type { Catalog } from '../../catalog/catalog.ts';
import { modelEndpointsListing } from '../../catalog/model-endpoints-listing.ts';

/**
 * The body of `GET /endpoints/zdr` (reference `listEndpointsZdr`): every provider endpoint of
 * the catalogue that a `zdr: true` request may use (its provider retains no data), as the
 * reference `PublicEndpoint`, in catalogue order: the endpoints of each model's
 * `GET /models/{author}/{slug}/endpoints` whose provider is ZDR.
 *
 * @example
 * zdrEndpointsBody(catalog).data.every((e) => e.tag !== 'openai'); // OpenAI keeps data 30 days
 */
export function zdrEndpointsBody(catalog: Catalog): { data: Array<Record<string, unknown>> } {
  const zdr = new Set(catalog.providers.filter((p) => p.zdr).map((p) => p.slug));
  return { data: catalog.models.flatMap((m) => modelEndpointsListing(m, catalog).endpoints.filter((e) => zdr.has(e.tag as string))) };
}
