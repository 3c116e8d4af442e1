import type { ApiKey } from '../auth/api-key.ts';
import type { KeyRingEntry } from '../auth/key-ring.ts';
import type { ManagedKeyRecord } from './managed-key-record.ts';

/** The id of the workspace every key belongs to until workspaces exist (reference: "the default workspace"). */
export const DEFAULT_WORKSPACE_ID = '00000000-0000-4000-8000-000000000000';

/** The user the simulated account belongs to (reference `creator_user_id`, `user_id`). */
export const ACCOUNT_USER_ID = 'user_gatewaykit0000000000000000';

/** The reference's label of an unnamed key: a few characters of each end (`sk-or-v1-au7...890`). */
export function maskedKeyLabel(key: string): string {
  const show = Math.min(8, Math.floor(key.length / 4));
  return `${key.slice(0, show)}...${key.slice(key.length - Math.min(3, show))}`;
}

/** ISO text of a gateway clock reading, as the reference's timestamps (`2025-08-24T10:30:00Z`). */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * The record of a keys-file key as the listing shows it: its label as name, its credits as
 * limit, created when the gateway started.
 */
export function fileKeyRecord(apiKey: ApiKey, hash: string, seq: number, startedAt: number): ManagedKeyRecord {
  const name = apiKey.label ?? maskedKeyLabel(apiKey.key);
  return {
    hash,
    secret: apiKey.key,
    name,
    label: name,
    kind: apiKey.kind,
    source: 'file',
    disabled: false,
    limit: apiKey.credits,
    limit_reset: apiKey.limitReset ?? null,
    include_byok_in_limit: false,
    created_at: isoSeconds(startedAt),
    updated_at: null,
    expires_at: null,
    creator_user_id: ACCOUNT_USER_ID,
    workspace_id: DEFAULT_WORKSPACE_ID,
    seq,
  };
}

/**
 * The key ring's entry of a record: the ApiKey the request path sees (a file key keeps its rate
 * limit, retry delay and flags), its limit as `credits` (none: no limit), disabled and expiry.
 */
export function keyRingEntry(record: ManagedKeyRecord, fileKey: ApiKey | undefined): KeyRingEntry {
  const apiKey: ApiKey = {
    ...(fileKey ?? {}),
    key: record.secret,
    label: record.name,
    kind: record.kind,
    // No limit: a limit nothing reaches (the account reports it as null).
    credits: record.limit ?? Number.POSITIVE_INFINITY,
    workspaceId: record.workspace_id,
    ...(record.include_byok_in_limit ? { includeByokInLimit: true } : {}),
    ...(record.limit_reset ? { limitReset: record.limit_reset } : {}),
  };
  if (!record.limit_reset) delete apiKey.limitReset;
  const expiresAt = record.expires_at === null ? undefined : Date.parse(record.expires_at);
  return { apiKey, ...(record.disabled ? { disabled: true } : {}), ...(expiresAt !== undefined ? { expiresAt } : {}) };
}
