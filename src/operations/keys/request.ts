import { z } from 'zod';
import { LimitResetSchema } from '../../management/managed-key-record.ts';

/** A key's name is at most this long (the reference sets no bound; hostile input needs one). */
export const MAX_KEY_NAME_CHARS = 256;
/** A spending limit above this is not a limit anyone means (USD). */
export const MAX_KEY_LIMIT_USD = 1e9;

/** reference createKeys `expires_at`: "Must be UTC, other timezones will be rejected". */
const UtcTimestampSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|\+00:00)$/, 'must be an ISO 8601 UTC timestamp (ending in Z or +00:00)')
  .refine((text) => Number.isFinite(Date.parse(text)), 'must be a real date and time');

const NameSchema = z.string().min(1).max(MAX_KEY_NAME_CHARS);
const LimitSchema = z.number().min(0).max(MAX_KEY_LIMIT_USD).nullable();

/** reference createKeys request body. */
export const CreateKeyRequestSchema = z.object({
  name: NameSchema,
  limit: LimitSchema.optional(),
  limit_reset: LimitResetSchema.nullable().optional(),
  include_byok_in_limit: z.boolean().optional(),
  expires_at: UtcTimestampSchema.nullable().optional(),
  creator_user_id: z.string().min(1).max(MAX_KEY_NAME_CHARS).nullable().optional(),
  workspace_id: z.uuid().optional(),
});
export type CreateKeyRequest = z.infer<typeof CreateKeyRequestSchema>;

/** reference updateKeys request body. */
export const UpdateKeyRequestSchema = z.object({
  name: NameSchema.optional(),
  disabled: z.boolean().optional(),
  include_byok_in_limit: z.boolean().optional(),
  limit: LimitSchema.optional(),
  limit_reset: LimitResetSchema.nullable().optional(),
});
export type UpdateKeyRequest = z.infer<typeof UpdateKeyRequestSchema>;

/** reference list (GET /keys) query: `include_disabled` (a boolean as text), `offset`, `workspace_id`. */
export const ListKeysQuerySchema = z.object({
  include_disabled: z.enum(['true', 'false']).optional(),
  offset: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number >= 0')
    .transform(Number)
    .optional(),
  workspace_id: z.uuid().optional(),
});
export type ListKeysQuery = z.infer<typeof ListKeysQuerySchema>;
