import { z } from 'zod';

/** A UTC day as the reference's activity names it (`2025-08-24`). */
export const UtcDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const Count = z.number().int().min(0);
const Usd = z.number().min(0);

/**
 * One cell of the daily activity aggregate: what one key spent on one model at one provider on one
 * UTC day of the gateway clock (reference getUserActivity, queryAnalytics). Kept in memory for the
 * last days only, and in the state file as a management record, so a restart keeps it.
 */
export const ActivityRowSchema = z.strictObject({
  day: UtcDaySchema,
  model: z.string().min(1),
  /** The serving provider's display name (`gateway_metadata`), as the generation names it. */
  provider: z.string().min(1),
  /** SHA-256 hex of the key that paid (reference keys API `hash`). */
  key_hash: z.string().regex(/^[0-9a-f]{64}$/),
  workspace_id: z.string().min(1),
  /** The user who made the key (reference `creator_user_id`), or null. */
  user_id: z.string().nullable(),
  requests: Count,
  /** What the gateway charged, USD (reference ActivityItem `usage`). */
  cost: Usd,
  /** What BYOK providers billed directly, USD (reference ActivityItem `byok_usage_inference`). */
  byok_cost: Usd,
  prompt_tokens: Count,
  completion_tokens: Count,
  reasoning_tokens: Count,
  cached_tokens: Count,
  /** Sum of the answers' latencies, ms on the gateway clock (the average latency metric). */
  latency_ms: z.number().min(0),
});
export type ActivityRow = z.infer<typeof ActivityRowSchema>;

/** Who a paid answer is attributed to: its key's hash, workspace and creating user. */
export interface ActivityAttribution {
  readonly keyHash: string;
  readonly workspaceId: string;
  readonly userId: string | null;
}
