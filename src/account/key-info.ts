import type { ApiKey } from '../auth/api-key.ts';
import type { Account } from './account.ts';

/** The reference's label of an unlabelled key: a few characters of each end (`sk-or-v1-au7...890`). */
function keyLabel(key: string): string {
  const show = Math.min(8, Math.floor(key.length / 4));
  return `${key.slice(0, show)}...${key.slice(key.length - Math.min(3, show))}`;
}

/** A rate limit window in the reference's words (`1h`, `60s`, `500ms`). */
function interval(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}

/** Free-model requests a key may make per day, as the SDK's `free_model_daily_requests` reports them. */
const FREE_MODEL_DAILY_REQUESTS = 1000;

/**
 * The reference `GET /key` `data` for the calling key: its limit and what is left of it, its usage
 * (overall and in the current UTC day, week and month of the gateway clock), BYOK usage, and flags.
 *
 * @example
 * keyInfo(apiKey, account).limit_remaining; // limit minus usage, never below 0
 */
export function keyInfo(apiKey: ApiKey, account: Account): Record<string, unknown> {
  const { usage, byok } = account.keyUsage(apiKey);
  const limit = account.keyLimit(apiKey);
  const remaining = limit === null ? null : Math.max(0, Math.round((limit - account.usageAgainstLimit(apiKey)) * 1e12) / 1e12);
  return {
    label: apiKey.label ?? keyLabel(apiKey.key),
    limit,
    usage: usage.total,
    usage_daily: usage.daily,
    usage_weekly: usage.weekly,
    usage_monthly: usage.monthly,
    byok_usage: byok.total,
    byok_usage_daily: byok.daily,
    byok_usage_weekly: byok.weekly,
    byok_usage_monthly: byok.monthly,
    is_free_tier: apiKey.freeTier ?? false,
    is_management_key: apiKey.kind === 'management',
    is_provisioning_key: apiKey.kind === 'management',
    limit_remaining: remaining,
    limit_reset: apiKey.limitReset ?? null,
    include_byok_in_limit: false,
    creator_user_id: null,
    expires_at: null,
    // Members the official SDK (@openrouter/sdk) requires though the reference does not list them:
    // the simulator has no data regions, organisations or workspaces, and does not count
    // free-model requests (the day's allowance stays whole).
    allowed_data_regions: ['global'],
    organization_id: null,
    workspace_id: null,
    free_model_daily_requests: { limit: FREE_MODEL_DAILY_REQUESTS, remaining: FREE_MODEL_DAILY_REQUESTS, used: 0 },
    // reference: deprecated, kept for old clients; here it states the key's real window when it has one.
    rate_limit: apiKey.rateLimit
      ? { requests: apiKey.rateLimit.requests, interval: interval(apiKey.rateLimit.windowMs), note: 'This field is deprecated and safe to ignore.' }
      : { requests: -1, interval: '10s', note: 'This field is deprecated and safe to ignore.' },
  };
}
