import { z } from 'zod';

/**
 * A model provider the gateway can route to. Data policies are provider-level (spec 2.4
 * `data_collection`, reference `zdr`): every endpoint of the provider shares them.
 *
 * @example
 * ProviderSchema.parse({ slug: 'together', name: 'Together', data_collection: 'deny', zdr: true });
 */
export const ProviderSchema = z.looseObject({
  /** Slug used in `provider.order/only/ignore` (matched case-insensitively, as is `name`). */
  slug: z.string().min(1),
  /** Display name; `gateway_metadata` and `error.metadata.provider_name` use it (reference sample "OpenAI"). */
  name: z.string().min(1),
  /** spec 2.4: `allow` = stores data non-transiently and may train on it; `deny` = does not collect. */
  data_collection: z.enum(['allow', 'deny']).default('allow'),
  /** Zero data retention: prompts are not retained (reference `ProviderPreferences.zdr`). */
  zdr: z.boolean().default(false),
  /** Data region of the provider's endpoints (reference /models `region` filter: `us` or `eu`). */
  region: z.enum(['us', 'eu']).default('us'),
  /** Whether the provider moderates content (reference `TopProviderInfo.is_moderated`). */
  is_moderated: z.boolean().default(false),
});
export type Provider = z.infer<typeof ProviderSchema>;
export type ProviderInput = z.input<typeof ProviderSchema>;
