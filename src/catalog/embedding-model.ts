import { z } from 'zod';
import { TextModelSchema } from './text-model.ts';

/**
 * An embedding model of the catalogue (`POST /embeddings`, reference `createEmbeddings`): a text
 * model's fields (id, name, context length, provider endpoints with USD-per-token `prompt`
 * prices), so provider preferences, fallbacks and faults route over its endpoints exactly as they
 * do for text, plus the size of its vectors.
 *
 * @example
 * EmbeddingModelSchema.parse({ id: 'acme/embed', name: 'Acme Embed', context_length: 8192, dimensions: 768,
 *   endpoints: [{ provider: 'acme', pricing: { prompt: '0.00000002', completion: '0' } }] });
 */
export const EmbeddingModelSchema = TextModelSchema.extend({
  /** Length of the vectors the model returns by default. */
  dimensions: z.number().int().positive().max(16_384),
  /**
   * Whether `dimensions` may ask for shorter vectors (1 up to `dimensions`), as OpenAI's
   * text-embedding-3 models allow; a fixed model refuses any other size with a 400.
   */
  adjustable_dimensions: z.boolean().default(false),
  output_modalities: z.array(z.string().min(1)).default(['embeddings']),
  supported_parameters: z.array(z.string().min(1)).default(['encoding_format', 'input_type', 'user']),
});
export type EmbeddingModel = z.infer<typeof EmbeddingModelSchema>;
export type EmbeddingModelInput = z.input<typeof EmbeddingModelSchema>;
