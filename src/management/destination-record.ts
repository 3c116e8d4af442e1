import { z } from 'zod';
import { DestinationTypeSchema } from '../schemas/observability-destinations.ts';

/** reference ObservabilityFilterRuleGroup `rules[].field`. */
const FILTER_FIELDS = [
  'model',
  'provider',
  'session_id',
  'user_id',
  'api_key_name',
  'finish_reason',
  'input',
  'output',
  'total_cost',
  'total_tokens',
  'prompt_tokens',
  'completion_tokens',
] as const;
/** reference ObservabilityFilterRuleGroup `rules[].operator`. */
const FILTER_OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'not_contains',
  'regex',
  'starts_with',
  'ends_with',
  'gt',
  'lt',
  'gte',
  'lte',
  'exists',
  'not_exists',
] as const;

/** reference ObservabilityFilterRulesConfig (bounded: 20 groups of 50 rules, values of 1,000 characters). */
export const FilterRulesSchema = z.object({
  enabled: z.boolean().default(true),
  groups: z
    .array(
      z.object({
        logic: z.enum(['and', 'or']).default('and'),
        rules: z
          .array(
            z.object({
              field: z.enum(FILTER_FIELDS),
              operator: z.enum(FILTER_OPERATORS),
              value: z.union([z.string().max(1000), z.number()]).optional(),
            }),
          )
          .max(50),
      }),
    )
    .max(20),
});
export type FilterRules = z.infer<typeof FilterRulesSchema>;

/**
 * One observability destination (reference `ObservabilityDestination`), as the store keeps it:
 * the reference's fields, the config with its secrets in full (to deliver with; every answer,
 * the journal and the inspector show them masked), and its creation order.
 */
export const DestinationRecordSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  type: DestinationTypeSchema,
  name: z.string().nullable(),
  enabled: z.boolean(),
  privacy_mode: z.boolean(),
  broadcast_generation_cost: z.boolean(),
  broadcast_generation_identity: z.boolean(),
  broadcast_generation_request_context: z.boolean(),
  sampling_rate: z.number(),
  api_key_hashes: z.array(z.string()).nullable(),
  filter_rules: FilterRulesSchema.nullable(),
  /** The data regions it applies to (`global`, `europe`, `us`): newer than the reference, read by @openrouter/sdk. */
  regions: z.array(z.string()).default(['global']),
  config: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
  seq: z.number().int().min(0),
});
export type DestinationRecord = z.infer<typeof DestinationRecordSchema>;
