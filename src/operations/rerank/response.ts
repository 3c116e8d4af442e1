import type { RerankDocument } from '../../schemas/rerank-request.ts';
import type { Ranked } from './relevance.ts';

/** reference: each result echoes its document as an object (`text` and/or `image`). */
function echo(doc: RerankDocument): { text?: string; image?: string } {
  if (typeof doc === 'string') return { text: doc };
  return { ...(doc.text !== undefined ? { text: doc.text } : {}), ...(doc.image !== undefined ? { image: doc.image } : {}) };
}

export interface RerankBodyInput {
  readonly id: string;
  readonly model: string;
  readonly provider: string;
  readonly ranked: readonly Ranked[];
  readonly documents: readonly RerankDocument[];
  readonly usage: { readonly search_units: number; readonly total_tokens: number; readonly cost: number };
}

/**
 * The answer of `POST /rerank` (reference `createRerank` 200): results most relevant first, each
 * with its index in the input and its document.
 */
export function rerankBody(input: RerankBodyInput): Record<string, unknown> {
  return {
    id: input.id,
    model: input.model,
    provider: input.provider,
    results: input.ranked.map((r) => ({ index: r.index, relevance_score: r.relevance_score, document: echo(input.documents[r.index] as RerankDocument) })),
    usage: input.usage,
  };
}
