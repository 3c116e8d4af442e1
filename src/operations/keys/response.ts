import type { Account } from '../../account/account.ts';
import type { ApiKey } from '../../auth/api-key.ts';
import type { ManagedKeyRecord } from '../../management/managed-key-record.ts';

/** Round away binary noise of a difference of decimal prices (12 places, as usage is). */
const usd = (n: number) => Math.round(n * 1e12) / 1e12;

/**
 * The reference's key object (list, getKey, createKeys `data`, updateKeys): the record's fields
 * with the key's usage from the account ledger, overall and in the current UTC day, week and
 * month of the gateway clock. `apiKey` is the key as the request path sees it (its limit).
 *
 * @example
 * keyData(record, store.ring.find(record.secret)!.apiKey, env.account).limit_remaining;
 */
export function keyData(record: ManagedKeyRecord, apiKey: ApiKey, account: Account): Record<string, unknown> {
  const { usage, byok } = account.keyUsage(apiKey);
  const limit = account.keyLimit(apiKey);
  return {
    hash: record.hash,
    name: record.name,
    label: record.label,
    disabled: record.disabled,
    limit,
    limit_remaining: limit === null ? null : Math.max(0, usd(limit - account.usageAgainstLimit(apiKey))),
    limit_reset: record.limit_reset,
    include_byok_in_limit: record.include_byok_in_limit,
    usage: usage.total,
    usage_daily: usage.daily,
    usage_weekly: usage.weekly,
    usage_monthly: usage.monthly,
    byok_usage: byok.total,
    byok_usage_daily: byok.daily,
    byok_usage_weekly: byok.weekly,
    byok_usage_monthly: byok.monthly,
    created_at: record.created_at,
    updated_at: record.updated_at,
    expires_at: record.expires_at,
    creator_user_id: record.creator_user_id,
    // Not in the reference's key object, but the official SDK requires it (string or null): a key
    // made here never belongs to an external user.
    external_user: null,
    workspace_id: record.workspace_id,
  };
}
