import type { Catalog } from '../../catalog/catalog.ts';

/**
 * The permaslug of a model (reference ActivityItem `model_permaslug`): the catalogue's
 * `canonical_slug`, or the model id when it names none.
 */
export function permaslugs(catalog: Catalog): (model: string) => string {
  const slugs = new Map<string, string>();
  for (const m of [...catalog.models, ...catalog.videoModels]) if (m.canonical_slug) slugs.set(m.id, m.canonical_slug);
  return (model) => slugs.get(model) ?? model;
}
