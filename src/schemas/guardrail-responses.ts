import { z } from 'zod';

const names = z.array(z.string()).nullable();
const flag = z.boolean().nullable();

/** reference `Guardrail`. */
export const GuardrailSchema = z.object({
  id: z.string(),
  name: z.string(),
  workspace_id: z.string().nullable(),
  allowed_models: names,
  allowed_providers: names,
  ignored_models: names,
  ignored_providers: names,
  content_filters: z.array(z.object({ pattern: z.string(), action: z.string(), label: z.string().nullable().optional() })).nullable(),
  content_filter_builtins: z
    .array(z.object({ slug: z.string(), action: z.string(), label: z.string().optional(), scan_scope: z.string().optional() }))
    .nullable(),
  enable_free_model_publication: flag,
  enable_free_model_training: flag,
  enable_paid_model_training: flag,
  enforce_zdr: flag,
  enforce_zdr_anthropic: flag,
  enforce_zdr_google: flag,
  enforce_zdr_openai: flag,
  enforce_zdr_other: flag,
  enforce_zdr_xai: flag,
  include_byok_in_budgets: z.boolean(),
  limit_usd: z.number().nullable(),
  reset_interval: z.enum(['daily', 'weekly', 'monthly']).nullable(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});

export const GuardrailListResponseSchema = z.object({ data: z.array(GuardrailSchema), total_count: z.number().int() });
export const GuardrailDataResponseSchema = z.object({ data: GuardrailSchema });
export const GuardrailDeletedResponseSchema = z.object({ deleted: z.literal(true) });

/** reference `KeyAssignment`. */
export const KeyAssignmentSchema = z.object({
  id: z.string(),
  key_hash: z.string(),
  guardrail_id: z.string(),
  key_name: z.string(),
  key_label: z.string(),
  assigned_by: z.string().nullable(),
  created_at: z.string(),
});
/** reference `MemberAssignment`. */
export const MemberAssignmentSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  organization_id: z.string(),
  guardrail_id: z.string(),
  assigned_by: z.string().nullable(),
  created_at: z.string(),
});
export const KeyAssignmentListResponseSchema = z.object({ data: z.array(KeyAssignmentSchema), total_count: z.number().int() });
export const MemberAssignmentListResponseSchema = z.object({ data: z.array(MemberAssignmentSchema), total_count: z.number().int() });
export const AssignedCountResponseSchema = z.object({ assigned_count: z.number().int() });
export const UnassignedCountResponseSchema = z.object({ unassigned_count: z.number().int() });

/** reference listOrganizationMembers 200. */
export const OrganizationMembersListResponseSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      email: z.string(),
      role: z.enum(['org:admin', 'org:member']),
    }),
  ),
  total_count: z.number().int(),
});

const ScimGroupSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  external_id: z.string().nullable(),
  display_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
const ScimGroupMappingSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  scim_group_id: z.string(),
  workspace_id: z.string(),
  role: z.enum(['admin', 'member']),
  created_at: z.string(),
  updated_at: z.string(),
});
/** reference listScimGroups 200. */
export const ScimGroupsListResponseSchema = z.object({ data: z.array(ScimGroupSchema), total_count: z.number().int() });
/** reference listScimGroupMappings 200. */
export const ScimGroupMappingsListResponseSchema = z.object({ data: z.array(ScimGroupMappingSchema), total_count: z.number().int() });
/** reference create/get/updateScimGroupMapping. */
export const ScimGroupMappingDataResponseSchema = z.object({ data: ScimGroupMappingSchema });
