import { textFeatures, type Feature } from '../../embeddings/embedding-features.ts';
import type { RerankDocument } from '../../schemas/rerank-request.ts';

/** Summed weights of each feature name. */
function featureMap(features: readonly Feature[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const [name, weight] of features) map.set(name, (map.get(name) ?? 0) + weight);
  return map;
}

function norm(map: ReadonlyMap<string, number>): number {
  let sum = 0;
  for (const w of map.values()) sum += w * w;
  return Math.sqrt(sum);
}

/** The features of a document: its text as embeddings read text, its image by URL. */
export function documentFeatures(doc: RerankDocument): Feature[] {
  if (typeof doc === 'string') return textFeatures(doc);
  const out = doc.text !== undefined ? textFeatures(doc.text) : [];
  if (doc.image !== undefined) out.push([`i:${doc.image}`, 0.5]);
  return out;
}

export interface Ranked {
  readonly index: number;
  readonly relevance_score: number;
}

/**
 * Each document's relevance to the query: the cosine of their lexical features (the features
 * embeddings are projected from, src/embeddings/embedding-features.ts: words with stop words
 * weighted down, stems, word pairs, trigrams), from 0 (nothing shared) to 1, rounded to 6
 * places. Sorted most relevant first, ties in input order (reference: results sorted by relevance).
 *
 * @example
 * rankDocuments('capital of France', ['Berlin is in Germany', 'Paris is the capital of France'])[0].index; // 1
 */
export function rankDocuments(query: string, documents: readonly RerankDocument[]): Ranked[] {
  const q = featureMap(textFeatures(query));
  const qNorm = norm(q);
  const ranked = documents.map((doc, index) => {
    const d = featureMap(documentFeatures(doc));
    let dot = 0;
    for (const [name, weight] of d) dot += weight * (q.get(name) ?? 0);
    const denominator = qNorm * norm(d);
    const score = denominator === 0 ? 0 : dot / denominator;
    return { index, relevance_score: Math.round(Math.min(1, Math.max(0, score)) * 1e6) / 1e6 };
  });
  return ranked.sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index);
}
