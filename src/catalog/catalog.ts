import { z } from 'zod';
import { DEFAULT_IMAGE_MODELS, DEFAULT_RERANK_MODELS, DEFAULT_TTS_MODELS } from './default-media-models.ts';
import { EmbeddingModelSchema } from './embedding-model.ts';
import { ImageModelSchema } from './image-model.ts';
import { RerankModelSchema } from './rerank-model.ts';
import { TtsModelSchema } from './tts-model.ts';
import { ProviderSchema } from './provider.ts';
import { SpeechModelSchema } from './speech-model.ts';
import { TextModelSchema } from './text-model.ts';
import { VideoModelSchema } from './video-model.ts';

/**
 * The model/provider catalogue the simulator routes over (fixtures/catalog.json is the default;
 * format in docs/catalog.md). Cross references are checked: every endpoint names a known
 * provider, ids and slugs are unique, a model lists a provider at most once.
 *
 * @example
 * const catalog = CatalogSchema.parse({ providers: [...], models: [...] });
 */
/** Cross-reference problems listed one by one; the rest are counted. */
const MAX_LISTED_PROBLEMS = 100;

export const CatalogSchema = z
  .object({
    version: z.literal(1).default(1),
    /** Merge mode: `"default"` layers this file over the embedded catalogue (see mergeCatalogInputs). */
    extends: z.literal('default').optional(),
    providers: z.array(ProviderSchema),
    models: z.array(TextModelSchema),
    videoModels: z.array(VideoModelSchema).default([]),
    speechModels: z.array(SpeechModelSchema).default([]),
    embeddingModels: z.array(EmbeddingModelSchema).default([]),
    // A catalogue without these lists gets the default ones (src/catalog/default-media-models.ts).
    imageModels: z.array(ImageModelSchema).default(() => DEFAULT_IMAGE_MODELS.map((m) => ImageModelSchema.parse(m))),
    rerankModels: z.array(RerankModelSchema).default(() => DEFAULT_RERANK_MODELS.map((m) => RerankModelSchema.parse(m))),
    ttsModels: z.array(TtsModelSchema).default(() => DEFAULT_TTS_MODELS.map((m) => TtsModelSchema.parse(m))),
  })
  .superRefine((catalog, ctx) => {
    // Cross-reference problems are listed up to a bound, then counted: describing every problem of
    // a hostile catalogue would cost time and memory in proportion to its size.
    let problems = 0;
    const add = (path: (string | number)[], message: string) => {
      problems++;
      if (problems <= MAX_LISTED_PROBLEMS) ctx.addIssue({ code: 'custom', path, message });
    };
    const slugs = new Set<string>();
    catalog.providers.forEach((p, i) => {
      if (slugs.has(p.slug)) add(['providers', i, 'slug'], `duplicate provider slug "${p.slug}"`);
      slugs.add(p.slug);
    });
    const known = [...slugs].slice(0, 10).join(', ') + (slugs.size > 10 ? `, ... (${slugs.size} in all)` : '');
    // Embedding models route over provider endpoints as text models do: the same checks, their own ids.
    for (const list of ['models', 'embeddingModels'] as const) {
      const ids = new Set<string>();
      catalog[list].forEach((m, i) => {
        if (ids.has(m.id)) add([list, i, 'id'], `duplicate model id "${m.id}"`);
        ids.add(m.id);
        const seen = new Set<string>();
        m.endpoints.forEach((e, j) => {
          if (!slugs.has(e.provider))
            add([list, i, 'endpoints', j, 'provider'], `"${e.provider}" is not a provider of the catalogue (providers: ${known || 'none'})`);
          if (seen.has(e.provider)) add([list, i, 'endpoints', j, 'provider'], `provider "${e.provider}" is listed twice for ${m.id}`);
          seen.add(e.provider);
        });
      });
    }
    if (problems > MAX_LISTED_PROBLEMS) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: `${problems - MAX_LISTED_PROBLEMS} more problems of the same kinds`,
        params: { unlisted: problems - MAX_LISTED_PROBLEMS },
      });
    }
  });
export type Catalog = z.infer<typeof CatalogSchema>;
export type CatalogInput = z.input<typeof CatalogSchema>;
