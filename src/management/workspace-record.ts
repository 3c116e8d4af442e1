import { z } from 'zod';

/** reference WorkspaceBudgetInterval: the path's interval; `lifetime` never resets. */
export const BudgetIntervalSchema = z.enum(['daily', 'weekly', 'monthly', 'lifetime']);
export type BudgetInterval = z.infer<typeof BudgetIntervalSchema>;

/**
 * One workspace (reference `Workspace`), as the store keeps it: the reference's fields plus its
 * creation order. The default workspace is one of them, made when the gateway starts.
 */
export const WorkspaceRecordSchema = z.object({
  id: z.string(),
  default_guardrail_id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  default_text_model: z.string().nullable(),
  default_image_model: z.string().nullable(),
  default_provider_sort: z.string().nullable(),
  is_observability_io_logging_enabled: z.boolean(),
  is_observability_broadcast_enabled: z.boolean(),
  is_data_discount_logging_enabled: z.boolean(),
  io_logging_sampling_rate: z.number(),
  io_logging_api_key_ids: z.array(z.number().int()).nullable(),
  /** Whether BYOK spend counts against the workspace's budgets (reference upsertWorkspaceBudget). */
  include_byok_in_budgets: z.boolean(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  created_by: z.string().nullable(),
  seq: z.number().int().min(0),
});
export type WorkspaceRecord = z.infer<typeof WorkspaceRecordSchema>;

/** One membership (reference `WorkspaceMember`); its store id is `<workspace_id>:<user_id>`. */
export const WorkspaceMemberRecordSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  user_id: z.string(),
  role: z.enum(['admin', 'member']),
  created_at: z.string(),
  seq: z.number().int().min(0),
});
export type WorkspaceMemberRecord = z.infer<typeof WorkspaceMemberRecordSchema>;

/** One budget (reference `WorkspaceBudget`); its store id is `<workspace_id>:<interval>`. */
export const WorkspaceBudgetRecordSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  interval: BudgetIntervalSchema,
  limit_usd: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  seq: z.number().int().min(0),
});
export type WorkspaceBudgetRecord = z.infer<typeof WorkspaceBudgetRecordSchema>;

/** The store id of a membership and of a budget (one per workspace and user, and per workspace and interval). */
export const memberKey = (workspaceId: string, userId: string) => `${workspaceId}:${userId}`;
export const budgetKey = (workspaceId: string, interval: BudgetInterval) => `${workspaceId}:${interval}`;

/** The persisted part of the workspaces (inside the management snapshot). */
export interface WorkspacesSnapshot {
  workspaces: WorkspaceRecord[];
  members: WorkspaceMemberRecord[];
  budgets: WorkspaceBudgetRecord[];
}
