import { z } from 'zod';
import { ContentFilterBuiltinSchema, ContentFilterSchema, GuardrailIntervalSchema } from '../../management/guardrail-record.ts';
import { patternProblem } from '../../management/guardrail-pattern.ts';
import { PageQuerySchema } from '../page-query.ts';

/** Hostile input: every list of a guardrail is bounded (the reference sets no bound). */
export const MAX_GUARDRAIL_LIST = 1_000;
/** Key hashes or member ids in one bulk (un)assignment. */
export const MAX_BULK_IDS = 1_000;
/** A limit above this is not a limit anyone means (USD). */
export const MAX_GUARDRAIL_LIMIT_USD = 1e9;

const Slug = z.string().min(1).max(200);
// reference: `minItems: 1`, null clears the list.
const Names = z.array(Slug).min(1).max(MAX_GUARDRAIL_LIST).nullable().optional();
const Flag = z.boolean().nullable().optional();
const Filter = ContentFilterSchema.superRefine((filter, ctx) => {
  const problem = patternProblem(filter.pattern);
  if (problem) ctx.addIssue({ code: 'custom', path: ['pattern'], message: problem });
});

/** The fields createGuardrail and updateGuardrail share (reference CreateGuardrailRequest, UpdateGuardrailRequest). */
const GuardrailFields = {
  name: z.string().min(1).max(200),
  description: z.string().max(1000).nullable().optional(),
  allowed_models: Names,
  allowed_providers: Names,
  ignored_models: Names,
  ignored_providers: Names,
  content_filters: z.array(Filter).max(100).nullable().optional(),
  content_filter_builtins: z.array(ContentFilterBuiltinSchema).max(100).nullable().optional(),
  enable_free_model_publication: Flag,
  enable_free_model_training: Flag,
  enable_paid_model_training: Flag,
  enforce_zdr: Flag,
  enforce_zdr_anthropic: Flag,
  enforce_zdr_google: Flag,
  enforce_zdr_openai: Flag,
  enforce_zdr_other: Flag,
  enforce_zdr_xai: Flag,
  include_byok_in_budgets: z.boolean().optional(),
  limit_usd: z.number().min(0).max(MAX_GUARDRAIL_LIMIT_USD).nullable().optional(),
  reset_interval: GuardrailIntervalSchema.optional(),
};

/** reference createGuardrail body. */
export const CreateGuardrailRequestSchema = z.object({ ...GuardrailFields, workspace_id: z.uuid().optional() });
export type CreateGuardrailRequest = z.infer<typeof CreateGuardrailRequestSchema>;

/** reference updateGuardrail body (every field optional). */
export const UpdateGuardrailRequestSchema = z.object({ ...GuardrailFields, name: GuardrailFields.name.optional() });
export type UpdateGuardrailRequest = z.infer<typeof UpdateGuardrailRequestSchema>;

/** reference BulkAssignKeysRequest / BulkUnassignKeysRequest. */
export const KeyHashesRequestSchema = z.object({ key_hashes: z.array(z.string().min(1).max(128)).min(1).max(MAX_BULK_IDS) });

/** reference BulkAssignMembersRequest / BulkUnassignMembersRequest. */
export const MemberIdsRequestSchema = z.object({ member_user_ids: z.array(z.string().min(1).max(128)).min(1).max(MAX_BULK_IDS) });

/** reference listGuardrails query: paging and `workspace_id`. */
export const ListGuardrailsQuerySchema = PageQuerySchema.extend({ workspace_id: z.uuid().optional() });
