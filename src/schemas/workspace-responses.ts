import { z } from 'zod';

/** reference `Workspace`. */
export const WorkspaceSchema = z.object({
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
  include_byok_in_budgets: z.boolean(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  created_by: z.string().nullable(),
});
/** reference `WorkspaceMember`. */
export const WorkspaceMemberSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  user_id: z.string(),
  role: z.enum(['admin', 'member']),
  created_at: z.string(),
});
/** reference `WorkspaceBudget`: `reset_interval` null is a lifetime budget. */
export const WorkspaceBudgetSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  limit_usd: z.number(),
  reset_interval: z.enum(['daily', 'weekly', 'monthly']).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const WorkspacesListResponseSchema = z.object({ data: z.array(WorkspaceSchema), total_count: z.number().int() });
export const WorkspaceResponseSchema = z.object({ data: WorkspaceSchema });
export const WorkspaceDeletedResponseSchema = z.object({ deleted: z.literal(true) });
export const WorkspaceMembersListResponseSchema = z.object({ data: z.array(WorkspaceMemberSchema), total_count: z.number().int() });
export const WorkspaceMembersAddedResponseSchema = z.object({ data: z.array(WorkspaceMemberSchema), added_count: z.number().int() });
export const WorkspaceMembersRemovedResponseSchema = z.object({ removed_count: z.number().int() });
export const WorkspaceBudgetsListResponseSchema = z.object({ data: z.array(WorkspaceBudgetSchema), include_byok_in_budgets: z.boolean() });
export const WorkspaceBudgetResponseSchema = z.object({ data: WorkspaceBudgetSchema, include_byok_in_budgets: z.boolean() });

/** The component schema of each answer, by name (the served /openapi.json). */
export const WORKSPACE_COMPONENTS = {
  WorkspacesListResponse: WorkspacesListResponseSchema,
  WorkspaceResponse: WorkspaceResponseSchema,
  WorkspaceDeletedResponse: WorkspaceDeletedResponseSchema,
  WorkspaceMembersListResponse: WorkspaceMembersListResponseSchema,
  WorkspaceMembersAddedResponse: WorkspaceMembersAddedResponseSchema,
  WorkspaceMembersRemovedResponse: WorkspaceMembersRemovedResponseSchema,
  WorkspaceBudgetsListResponse: WorkspaceBudgetsListResponseSchema,
  WorkspaceBudgetResponse: WorkspaceBudgetResponseSchema,
} as const;

/** reference `BYOKKey`: a provider credential, its raw key never shown. */
export const ByokKeySchema = z.object({
  id: z.string(),
  provider: z.string(),
  workspace_id: z.string().nullable(),
  name: z.string().nullable(),
  label: z.string(),
  disabled: z.boolean(),
  is_fallback: z.boolean(),
  allowed_models: z.array(z.string()).nullable(),
  allowed_api_key_hashes: z.array(z.string()).nullable(),
  allowed_user_ids: z.array(z.string()).nullable(),
  sort_order: z.number().int(),
  created_at: z.string(),
  declared_zdr: z.boolean().nullable(),
  is_byok_only: z.boolean(),
  is_required: z.boolean(),
});
export const ByokListResponseSchema = z.object({ data: z.array(ByokKeySchema), total_count: z.number().int() });
export const ByokResponseSchema = z.object({ data: ByokKeySchema });

/** The BYOK answers' component schemas, by name. */
export const BYOK_COMPONENTS = {
  ByokListResponse: ByokListResponseSchema,
  ByokResponse: ByokResponseSchema,
  ByokDeletedResponse: z.object({ deleted: z.literal(true) }),
} as const;
