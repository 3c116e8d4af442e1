import { z } from 'zod';
import { ProviderPreferencesSchema } from './provider-preferences.ts';

/** reference `createRerank` documents: a string, or `{ text?, image? }` with at least one of them. */
export const RerankDocumentSchema = z.union([
  z.string(),
  z.looseObject({ text: z.string().optional(), image: z.string().min(1).optional() }).refine((d) => d.text !== undefined || d.image !== undefined, {
    message: 'a structured document needs `text` or `image`',
  }),
]);
export type RerankDocument = z.infer<typeof RerankDocumentSchema>;

/**
 * The body of `POST /rerank` (reference `createRerank`): `model`, `query` and at least one
 * document required; `top_n` at least 1; `provider` the routing preferences of spec 2.4.
 */
export const RerankRequestSchema = z.looseObject({
  model: z.string().min(1),
  query: z.string().min(1),
  documents: z.array(RerankDocumentSchema).min(1),
  top_n: z.number().int().min(1).optional(),
  provider: ProviderPreferencesSchema.nullable().optional(),
});
export type RerankRequest = z.infer<typeof RerankRequestSchema>;

/** The answer of `POST /rerank` (reference `createRerank` 200). */
export const RerankResponseSchema = z.object({
  id: z.string(),
  model: z.string(),
  provider: z.string(),
  results: z.array(
    z.object({
      index: z.number().int(),
      relevance_score: z.number(),
      document: z.object({ text: z.string().optional(), image: z.string().optional() }),
    }),
  ),
  usage: z.object({ search_units: z.number().int(), total_tokens: z.number().int(), cost: z.number() }),
});
