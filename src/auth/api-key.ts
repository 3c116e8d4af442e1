import { z } from 'zod';
import defaultKeysFile from '../../fixtures/keys.json' with { type: 'json' };
import { MAX_RETRY_AFTER_MS } from '../errors/retry-after.ts';
import { formatZodError, gatewayZodErrorMap } from '../errors/format-zod-error.ts';

/** One API key the simulator accepts (a keys file entry). Unknown fields are mistakes: rejected. */
export const ApiKeySchema = z.strictObject({
  // Sent as `Authorization: Bearer <key>` and trimmed there: a key with surrounding spaces, control
  // characters or non-ASCII (not sendable in a header as is) could never authenticate.
  key: z
    .string()
    .min(1)
    .regex(
      /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/,
      'must be printable ASCII without surrounding spaces (a key that is not could never be sent as "Bearer <key>")',
    ),
  label: z.string().optional(),
  /** spec 5.3: some operations need a management key. */
  kind: z.enum(['standard', 'management']).default('standard'),
  /**
   * The key's spending limit in USD (reference `/key` `limit`): once its usage (of the
   * `limitReset` period, else in all) reaches it, paid operations answer 402; 0 refuses at once.
   */
  credits: z.number().min(0).default(1_000_000),
  /** The period the limit applies to (reference `limit_reset`); absent: all usage since start or reset. */
  limitReset: z.enum(['daily', 'weekly', 'monthly']).optional(),
  /** Reported as `is_free_tier` by `GET /key`. */
  freeTier: z.boolean().optional(),
  /** At most `requests` requests per `windowMs` (fixed window on the gateway clock), then 429. */
  rateLimit: z.strictObject({ requests: z.number().int().min(0), windowMs: z.number().int().positive() }).optional(),
  /**
   * The retry delay (ms) that 429/503 answers to this key advertise, in `Retry-After` (seconds,
   * rounded up) and `retry-after-ms`: its rate-limit 429s and its forced failures. A script's own
   * `retryAfterMs` and the `X-Gatewaykit-Retry-After-Ms` header win over it.
   */
  retryAfterMs: z.number().int().min(0).max(MAX_RETRY_AFTER_MS).optional(),
  /** Account-wide ignored providers, merged with `provider.ignore` (spec 2.4). */
  ignoredProviders: z.array(z.string()).optional(),
  /** BYOK: requests with this key report `is_byok: true`. */
  byok: z.boolean().optional(),
});
/** A key as the request path sees it; `workspaceId` and `includeByokInLimit` are set by the management plane, never by a keys file. */
export type ApiKey = z.infer<typeof ApiKeySchema> & { readonly workspaceId?: string; readonly includeByokInLimit?: boolean };

export type ApiKeyInput = z.input<typeof ApiKeySchema>;

export const ApiKeysFileSchema = z.strictObject({
  keys: z
    .array(ApiKeySchema)
    .min(1, 'at least one key (a gateway without keys answers every request 401)')
    .superRefine((keys, ctx) => {
      const seen = new Set<string>();
      keys.forEach((k, i) => {
        if (seen.has(k.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: `duplicate key "${k.key}"` });
        seen.add(k.key);
      });
    }),
});

/**
 * Validate keys: a keys file's content (`{"keys": [...]}`) or a plain array of keys. Throws a
 * TypeError naming `label` and the path of the first problem, e.g.
 * `keys.json: keys[1].rateLimit.windowMs: must be > 0 (got integer 0)`.
 *
 * @example
 * const keys = parseApiKeys([{ key: 'sk-mine', rateLimit: { requests: 2, windowMs: 1000 } }]);
 */
export function parseApiKeys(input: unknown, label = 'keys'): ApiKey[] {
  const file = Array.isArray(input) ? { keys: input } : input;
  const parsed = ApiKeysFileSchema.safeParse(file, { error: gatewayZodErrorMap });
  if (!parsed.success) throw new TypeError(`${label}: ${formatZodError(parsed.error)}`);
  return parsed.data.keys;
}

/** The demo keys the start-up banner lists: sk-gw-test, sk-gw-management, sk-gw-no-credits, sk-gw-rate-limited. */
export const DEFAULT_API_KEYS: readonly ApiKey[] = parseApiKeys(defaultKeysFile, 'fixtures/keys.json');
