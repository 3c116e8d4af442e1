import { z } from 'zod';

/** The reference's `limit_reset` values (createKeys, updateKeys). */
export const LimitResetSchema = z.enum(['daily', 'weekly', 'monthly']);
export type LimitReset = z.infer<typeof LimitResetSchema>;

/**
 * One key of the management plane (reference `/keys` item), as the store keeps it: the
 * reference's fields (usage aside, which the account ledger holds) plus the secret, where the key
 * came from and its creation order. The secret never leaves the store except in the answer that
 * creates the key (reference createKeys: "returned only in this response").
 */
export const ManagedKeyRecordSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  secret: z.string().min(1),
  name: z.string(),
  label: z.string(),
  kind: z.enum(['standard', 'management']),
  /** `file`: from the keys file (or the demo keys); `api`: POST /keys; `oauth`: POST /auth/keys. */
  source: z.enum(['file', 'api', 'oauth']),
  disabled: z.boolean(),
  limit: z.number().nullable(),
  limit_reset: LimitResetSchema.nullable(),
  include_byok_in_limit: z.boolean(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  creator_user_id: z.string().nullable(),
  workspace_id: z.string(),
  /** Creation order (the listing's order), unique per gateway. */
  seq: z.number().int().min(0),
});
export type ManagedKeyRecord = z.infer<typeof ManagedKeyRecordSchema>;
