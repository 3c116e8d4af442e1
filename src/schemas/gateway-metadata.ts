import { z } from 'zod';

/** spec 2.6. PLACEHOLDER: the schemas area completes it; the exported names stay. */
export const GatewayMetadataSchema = z.looseObject({
  requested: z.string().optional(),
  strategy: z.string().optional(),
  attempt: z.number().int().optional(),
  endpoints: z
    .object({
      available: z.array(z.object({ model: z.string(), provider: z.string(), selected: z.boolean() })),
      total: z.number().int(),
    })
    .optional(),
  is_byok: z.boolean().optional(),
  region: z.string().optional(),
  summary: z.string().optional(),
  pipeline: z.array(z.looseObject({ type: z.string() })).optional(),
});
export type GatewayMetadata = z.infer<typeof GatewayMetadataSchema>;
