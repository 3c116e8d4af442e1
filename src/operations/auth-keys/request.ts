import { z } from 'zod';
import { LimitResetSchema } from '../../management/managed-key-record.ts';

/** reference createAuthKeysCode `key_label`: at most 100 characters. */
export const MAX_KEY_LABEL_CHARS = 100;
/** RFC 7636 4.1: a verifier is 43 to 128 characters; a challenge is no longer than its verifier. */
const MAX_PKCE_CHARS = 128;

/**
 * reference createAuthKeysCode `callback_url`: "Supports https URLs and localhost/127.0.0.1 URLs on any
 * port for local CLI tools."
 */
const CallbackUrlSchema = z
  .string()
  .max(2048)
  .refine((text) => {
    if (!URL.canParse(text)) return false;
    const url = new URL(text);
    return url.protocol === 'https:' || (url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1'));
  }, 'must be an https URL, or an http URL on localhost or 127.0.0.1');

/** reference createAuthKeysCode request body. */
export const CreateAuthCodeRequestSchema = z.object({
  callback_url: CallbackUrlSchema,
  code_challenge: z.string().min(1).max(MAX_PKCE_CHARS).optional(),
  code_challenge_method: z.enum(['S256', 'plain']).optional(),
  limit: z.number().min(0).max(1e9).optional(),
  usage_limit_type: LimitResetSchema.optional(),
  expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
  key_label: z.string().max(MAX_KEY_LABEL_CHARS).optional(),
  workspace_id: z.uuid().optional(),
  // Telemetry fields of the reference, accepted and ignored.
  spawn_agent: z.string().max(256).optional(),
  spawn_cloud: z.string().max(256).optional(),
});
export type CreateAuthCodeRequest = z.infer<typeof CreateAuthCodeRequestSchema>;

/** reference exchangeAuthCodeForAPIKey request body. */
export const ExchangeAuthCodeRequestSchema = z.object({
  code: z.string().min(1).max(256),
  code_verifier: z.string().min(1).max(MAX_PKCE_CHARS).optional(),
  code_challenge_method: z.enum(['S256', 'plain']).nullable().optional(),
});
export type ExchangeAuthCodeRequest = z.infer<typeof ExchangeAuthCodeRequestSchema>;
