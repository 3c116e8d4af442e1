import { z } from 'zod';
import { ProviderSchema } from './provider.ts';
import { SpeechModelSchema } from './speech-model.ts';
import { TextModelSchema } from './text-model.ts';
import { VideoModelSchema } from './video-model.ts';

/** The model/provider catalogue the simulator routes over (fixtures/catalog.json is the default). */
export const CatalogSchema = z.object({
  version: z.literal(1).default(1),
  providers: z.array(ProviderSchema),
  models: z.array(TextModelSchema),
  videoModels: z.array(VideoModelSchema).default([]),
  speechModels: z.array(SpeechModelSchema).default([]),
});
export type Catalog = z.infer<typeof CatalogSchema>;
export type CatalogInput = z.input<typeof CatalogSchema>;
