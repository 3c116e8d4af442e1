import { z } from 'zod';
import { LimitResetSchema } from './managed-key-record.ts';

/**
 * An authorization code of the PKCE flow (reference createAuthKeysCode), until it is exchanged
 * (POST /auth/keys) or expires: what the key it yields will carry, and the challenge to meet.
 */
export const OAuthCodeRecordSchema = z.object({
  id: z.string(),
  app_id: z.number().int(),
  callback_url: z.string(),
  code_challenge: z.string().nullable(),
  code_challenge_method: z.enum(['S256', 'plain']).nullable(),
  limit: z.number().nullable(),
  usage_limit_type: LimitResetSchema.nullable(),
  /** The expiry of the key the code yields (ISO), not of the code. */
  key_expires_at: z.string().nullable(),
  key_label: z.string().nullable(),
  workspace_id: z.string(),
  created_at: z.string(),
  /** Gateway clock reading (ms) from which the code is refused. */
  expires_at_ms: z.number(),
  seq: z.number().int().min(0),
});
export type OAuthCodeRecord = z.infer<typeof OAuthCodeRecordSchema>;
