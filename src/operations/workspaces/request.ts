import { z } from 'zod';
import { BudgetIntervalSchema } from '../../management/workspace-record.ts';

/** A spending budget above this is not a budget anyone means (USD). */
export const MAX_BUDGET_USD = 1e9;
/** A user id is at most this long (the reference sets no bound; hostile input needs one). */
export const MAX_USER_ID_CHARS = 128;
/** A model id or provider sort is at most this long. */
const MAX_SETTING_CHARS = 256;

const Setting = z.string().min(1).max(MAX_SETTING_CHARS).nullable();
/** reference CreateWorkspaceRequest `slug`: lowercase alphanumeric segments separated by single hyphens. */
const SlugSchema = z
  .string()
  .min(1)
  .max(50)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase letters and digits in segments separated by single hyphens');

/** The settings both create and update take (reference CreateWorkspaceRequest, UpdateWorkspaceRequest). */
const settings = {
  description: z.string().max(500).nullable().optional(),
  default_text_model: Setting.optional(),
  default_image_model: Setting.optional(),
  default_provider_sort: Setting.optional(),
  io_logging_api_key_ids: z.array(z.number().int().min(0)).max(1_000).nullable().optional(),
  io_logging_sampling_rate: z.number().min(0.0001).max(1).optional(),
  is_data_discount_logging_enabled: z.boolean().optional(),
  is_observability_broadcast_enabled: z.boolean().optional(),
  is_observability_io_logging_enabled: z.boolean().optional(),
};

/** reference createWorkspace request body. */
export const CreateWorkspaceRequestSchema = z.object({ name: z.string().min(1).max(100), slug: SlugSchema, ...settings });
export type CreateWorkspaceRequest = z.infer<typeof CreateWorkspaceRequestSchema>;

/** reference updateWorkspace request body. */
export const UpdateWorkspaceRequestSchema = z.object({ name: z.string().min(1).max(100).optional(), slug: SlugSchema.optional(), ...settings });
export type UpdateWorkspaceRequest = z.infer<typeof UpdateWorkspaceRequestSchema>;

const WholeNumber = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a whole number >= 0')
  .transform(Number);

/** reference listWorkspaces and listWorkspaceMembers query: `offset` (from 0) and `limit` (1 to 100, default 50). */
export const PageQuerySchema = z.object({
  offset: WholeNumber.optional(),
  limit: WholeNumber.pipe(z.number().min(1).max(100)).optional(),
});

/** reference BulkAddWorkspaceMembersRequest and BulkRemoveWorkspaceMembersRequest: 1 to 100 user ids. */
export const MembersRequestSchema = z.object({
  user_ids: z.array(z.string().min(1).max(MAX_USER_ID_CHARS)).min(1).max(100),
});

/** reference UpsertWorkspaceBudgetRequest: `limit_usd` "Must be greater than 0". */
export const UpsertBudgetRequestSchema = z.object({
  limit_usd: z.number().gt(0).max(MAX_BUDGET_USD),
  include_byok_in_budgets: z.boolean().optional(),
});

/** The `{interval}` path parameter (reference WorkspaceBudgetInterval). */
export const IntervalParamSchema = BudgetIntervalSchema;
