import { z } from 'zod';

/** A provider's slug (reference BYOKProviderSlug: lowercase); the catalogue must know it. */
const ProviderSlug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be a lowercase provider slug such as openai');
/** reference: "Must contain at least one hash if provided", hashes of 64 hex digits. */
const KeyHashes = z
  .array(z.string().regex(/^[a-f0-9]{64}$/, 'must be a key hash (64 hex digits)'))
  .min(1)
  .max(100)
  .nullable();
const Strings = z.array(z.string().min(1).max(256)).max(100).nullable();
/** The raw provider key: write-only (never kept, never answered). */
const RawKey = z.string().min(1).max(4096);

/** reference createBYOKKey request body. */
export const CreateByokRequestSchema = z.object({
  provider: ProviderSlug,
  key: RawKey,
  name: z.string().max(255).nullable().optional(),
  workspace_id: z.uuid().optional(),
  disabled: z.boolean().optional(),
  is_fallback: z.boolean().optional(),
  allowed_models: Strings.optional(),
  allowed_api_key_hashes: KeyHashes.optional(),
  allowed_user_ids: Strings.optional(),
  sort_order: z.number().int().min(0).max(1_000_000).optional(),
});
export type CreateByokRequest = z.infer<typeof CreateByokRequestSchema>;

/** reference updateBYOKKey request body (`key` rotates the credential in place). */
export const UpdateByokRequestSchema = z.object({
  key: RawKey.optional(),
  name: z.string().max(255).nullable().optional(),
  disabled: z.boolean().optional(),
  is_fallback: z.boolean().optional(),
  allowed_models: Strings.optional(),
  allowed_api_key_hashes: KeyHashes.optional(),
  allowed_user_ids: Strings.optional(),
});
export type UpdateByokRequest = z.infer<typeof UpdateByokRequestSchema>;

const WholeNumber = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a whole number >= 0')
  .transform(Number);

/** reference listBYOKKeys query. */
export const ListByokQuerySchema = z.object({
  offset: WholeNumber.optional(),
  limit: WholeNumber.pipe(z.number().min(1).max(100)).optional(),
  workspace_id: z.uuid().optional(),
  provider: ProviderSlug.optional(),
});
