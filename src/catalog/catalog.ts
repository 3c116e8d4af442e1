import { z } from 'zod';
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
export const CatalogSchema = z
  .object({
    version: z.literal(1).default(1),
    /** Merge mode: `"default"` layers this file over the embedded catalogue (see mergeCatalogInputs). */
    extends: z.literal('default').optional(),
    providers: z.array(ProviderSchema),
    models: z.array(TextModelSchema),
    videoModels: z.array(VideoModelSchema).default([]),
    speechModels: z.array(SpeechModelSchema).default([]),
  })
  .superRefine((catalog, ctx) => {
    const slugs = new Set<string>();
    catalog.providers.forEach((p, i) => {
      if (slugs.has(p.slug)) ctx.addIssue({ code: 'custom', path: ['providers', i, 'slug'], message: `duplicate provider slug "${p.slug}"` });
      slugs.add(p.slug);
    });
    const ids = new Set<string>();
    catalog.models.forEach((m, i) => {
      if (ids.has(m.id)) ctx.addIssue({ code: 'custom', path: ['models', i, 'id'], message: `duplicate model id "${m.id}"` });
      ids.add(m.id);
      const seen = new Set<string>();
      m.endpoints.forEach((e, j) => {
        if (!slugs.has(e.provider)) {
          ctx.addIssue({
            code: 'custom',
            path: ['models', i, 'endpoints', j, 'provider'],
            message: `"${e.provider}" is not a provider of the catalogue (providers: ${[...slugs].join(', ') || 'none'})`,
          });
        }
        if (seen.has(e.provider)) {
          ctx.addIssue({ code: 'custom', path: ['models', i, 'endpoints', j, 'provider'], message: `provider "${e.provider}" is listed twice for ${m.id}` });
        }
        seen.add(e.provider);
      });
    });
  });
export type Catalog = z.infer<typeof CatalogSchema>;
export type CatalogInput = z.input<typeof CatalogSchema>;
