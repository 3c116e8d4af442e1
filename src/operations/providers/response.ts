import type { Catalog } from '../../catalog/catalog.ts';
import { providerProfile } from './provider-profile.ts';

/**
 * The body of `GET /providers` (reference `listProviders`): `{ data: [...] }`, every provider of
 * the catalogue in slug order.
 *
 * @example
 * providersBody(catalog).data[0].slug; // 'ai21'
 */
export function providersBody(catalog: Catalog): { data: Array<Record<string, unknown>> } {
  const sorted = [...catalog.providers].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  return { data: sorted.map(providerProfile) };
}
