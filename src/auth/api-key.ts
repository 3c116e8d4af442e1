import { z } from 'zod';
import defaultKeysFile from '../../fixtures/keys.json' with { type: 'json' };

/** One API key the simulator accepts (fixtures/keys.json). */
export const ApiKeySchema = z.object({
  key: z.string().min(1),
  label: z.string().optional(),
  /** spec 5.3: some operations need a management key. */
  kind: z.enum(['standard', 'management']).default('standard'),
  /** 0 means every paid operation answers 402. */
  credits: z.number().min(0).default(1_000_000),
  rateLimit: z.object({ requests: z.number().int().min(0), windowMs: z.number().int().positive() }).optional(),
  /** Account-wide ignored providers, merged with `provider.ignore` (spec 2.4). */
  ignoredProviders: z.array(z.string()).optional(),
  /** BYOK: requests with this key report `is_byok: true`. */
  byok: z.boolean().optional(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeysFileSchema = z.object({ keys: z.array(ApiKeySchema) });

/** The demo keys of DESIGN.md: sk-gw-test, sk-gw-management, sk-gw-no-credits, sk-gw-rate-limited. */
export const DEFAULT_API_KEYS: readonly ApiKey[] = ApiKeysFileSchema.parse(defaultKeysFile).keys;
