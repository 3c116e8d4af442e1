import { z } from 'zod';

/** reference `GuardrailInterval`. */
export const GuardrailIntervalSchema = z.enum(['daily', 'weekly', 'monthly']).nullable();

/** reference `ContentFilterEntry`: a pattern (a regular expression) and what a match does. */
export const ContentFilterSchema = z.strictObject({
  pattern: z.string().min(1).max(500),
  action: z.enum(['block', 'flag', 'redact']),
  label: z.string().max(100).nullable().optional(),
});
export type ContentFilter = z.infer<typeof ContentFilterSchema>;

/** reference `ContentFilterBuiltinEntry`: kept and shown as given (the simulator runs only `content_filters`). */
export const ContentFilterBuiltinSchema = z.strictObject({
  slug: z.string().min(1).max(100),
  action: z.string().min(1).max(100),
  label: z.string().max(100).optional(),
  scan_scope: z.string().max(100).optional(),
});

const names = z.array(z.string()).nullable();
const flag = z.boolean().nullable();

/**
 * One guardrail (reference `Guardrail`), as the store keeps it: the reference's fields plus its
 * creation order. The per-provider ZDR flags and the list fields are kept as given (null: unset).
 */
export const GuardrailRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  // Absent from records saved before it was kept: read as unset.
  description: z.string().nullable().default(null),
  workspace_id: z.string(),
  allowed_models: names,
  allowed_providers: names,
  ignored_models: names,
  ignored_providers: names,
  content_filters: z.array(ContentFilterSchema).nullable(),
  content_filter_builtins: z.array(ContentFilterBuiltinSchema).nullable(),
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
  reset_interval: GuardrailIntervalSchema,
  created_at: z.string(),
  updated_at: z.string().nullable(),
  seq: z.number().int().min(0),
});
export type GuardrailRecord = z.infer<typeof GuardrailRecordSchema>;

/** reference `KeyAssignment` (the key's name and label are read from the key when shown). */
export const KeyAssignmentRecordSchema = z.object({
  id: z.string(),
  guardrail_id: z.string(),
  key_hash: z.string(),
  assigned_by: z.string().nullable(),
  created_at: z.string(),
  seq: z.number().int().min(0),
});
export type KeyAssignmentRecord = z.infer<typeof KeyAssignmentRecordSchema>;

/** reference `MemberAssignment`. */
export const MemberAssignmentRecordSchema = z.object({
  id: z.string(),
  guardrail_id: z.string(),
  user_id: z.string(),
  organization_id: z.string(),
  assigned_by: z.string().nullable(),
  created_at: z.string(),
  seq: z.number().int().min(0),
});
export type MemberAssignmentRecord = z.infer<typeof MemberAssignmentRecordSchema>;

/** What a state file holds of the guardrails. */
export interface GuardrailSnapshot {
  guardrails: GuardrailRecord[];
  keyAssignments: KeyAssignmentRecord[];
  memberAssignments: MemberAssignmentRecord[];
}
