import { z } from 'zod';

/** reference `/keys` item: a key of the management plane with its usage (list, getKey, createKeys, updateKeys). */
export const ManagedKeySchema = z.object({
  hash: z.string(),
  name: z.string(),
  label: z.string(),
  disabled: z.boolean(),
  limit: z.number().nullable(),
  limit_remaining: z.number().nullable(),
  limit_reset: z.string().nullable(),
  include_byok_in_limit: z.boolean(),
  usage: z.number(),
  usage_daily: z.number(),
  usage_weekly: z.number(),
  usage_monthly: z.number(),
  byok_usage: z.number(),
  byok_usage_daily: z.number(),
  byok_usage_weekly: z.number(),
  byok_usage_monthly: z.number(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  creator_user_id: z.string().nullable(),
  external_user: z.string().nullable(),
  workspace_id: z.string(),
});

export const KeysListResponseSchema = z.object({ data: z.array(ManagedKeySchema) });
export const KeyDataResponseSchema = z.object({ data: ManagedKeySchema });
/** reference createKeys 201: the key and its secret, shown once. */
export const KeyCreatedResponseSchema = z.object({ data: ManagedKeySchema, key: z.string() });
export const KeyDeletedResponseSchema = z.object({ deleted: z.literal(true) });
/** reference createAuthKeysCode 200. */
export const AuthCodeResponseSchema = z.object({ data: z.object({ id: z.string(), app_id: z.number().int(), created_at: z.string() }) });
/** reference exchangeAuthCodeForAPIKey 200. */
export const AuthKeyExchangeResponseSchema = z.object({ key: z.string(), user_id: z.string().nullable() });
