import type { Catalog } from '../../catalog/catalog.ts';
import { listedModels } from '../../catalog/listed-models.ts';
import type { CountModality } from './request.ts';

/**
 * The body of `GET /models/count` (reference `ModelsCountResponse`): how many models `GET /models`
 * lists (catalogue variants included) with one of the asked output modalities, plus the
 * embedding models when `embeddings` is asked.
 *
 * @example
 * modelsCountBody(catalog, ['text']).data.count; // GET /models total_count
 */
export function modelsCountBody(catalog: Catalog, modalities: readonly CountModality[]): { data: { count: number } } {
  const text = listedModels(catalog.models).filter((m) => modalities.some((x) => m.output_modalities.includes(x))).length;
  const embeddings = modalities.includes('embeddings') ? catalog.embeddingModels.length : 0;
  return { data: { count: text + embeddings } };
}
