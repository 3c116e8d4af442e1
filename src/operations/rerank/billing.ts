import type { RerankModel } from '../../catalog/rerank-model.ts';

/**
 * Search units of a request (Cohere's billing, as the reference's `usage.search_units` says): a
 * query with up to `documents_per_search_unit` documents is one; a document longer than
 * `max_tokens_per_document` tokens counts once per started chunk of that size.
 *
 * @example
 * searchUnits(model, [12, 8000]); // 1 for two short documents on a 100-document, 4096-token model... 2 here
 */
export function searchUnits(model: RerankModel, documentTokens: readonly number[]): number {
  const chunks = documentTokens.reduce((n, tokens) => n + Math.max(1, Math.ceil(tokens / model.max_tokens_per_document)), 0);
  return Math.max(1, Math.ceil(chunks / model.documents_per_search_unit));
}

/** USD of `units` search units at `pricePerUnit`, rounded to the nano-dollar. */
export function rerankCost(units: number, pricePerUnit: number): number {
  return Math.round(units * pricePerUnit * 1e9) / 1e9;
}
