import { z } from 'zod';

/**
 * A rerank model of the catalogue (`POST /rerank`, reference `createRerank`). Cohere-style
 * billing: one search unit is a query with up to `documents_per_search_unit` documents.
 *
 * @example
 * RerankModelSchema.parse({ id: 'acme/rerank', name: 'Acme Rerank', endpoints: [{ provider: 'acme', provider_name: 'Acme', price_per_search_unit: 0.002 }] });
 */
export const RerankModelSchema = z.object({
  id: z.string().regex(/^[^/\s]+\/[^/\s]+$/, 'a rerank model id is author/slug'),
  name: z.string().min(1),
  /** Tokens of one document the model reads; longer documents count as more than one. */
  max_tokens_per_document: z.number().int().positive().default(4096),
  documents_per_search_unit: z.number().int().positive().default(100),
  /** Largest `documents` list a request may carry. */
  max_documents: z.number().int().positive().default(1000),
  endpoints: z
    .array(
      z.object({
        provider: z.string().min(1),
        provider_name: z.string().min(1),
        /** USD per search unit. */
        price_per_search_unit: z.number().nonnegative(),
        latency: z.number().positive().default(0.3),
      }),
    )
    .min(1),
});
export type RerankModel = z.infer<typeof RerankModelSchema>;
export type RerankModelInput = z.input<typeof RerankModelSchema>;
