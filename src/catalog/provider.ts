import { z } from 'zod';

/** A model provider the gateway can route to. (Owned by the routing area; extend freely.) */
export const ProviderSchema = z.looseObject({
  slug: z.string().min(1),
  name: z.string().min(1),
});
export type Provider = z.infer<typeof ProviderSchema>;
