import { z } from 'zod';
import { DestinationTypeSchema } from '../../schemas/observability-destinations.ts';
import { FilterRulesSchema } from '../../management/destination-record.ts';
import { patternProblem } from '../../management/guardrail-pattern.ts';

/** reference: "Must contain at least one hash if provided", hashes of 64 hex digits. */
const KeyHashes = z
  .array(z.string().regex(/^[a-f0-9]{64}$/, 'must be a key hash (64 hex digits)'))
  .min(1)
  .max(100)
  .nullable();
/** reference: "Sampling rate between 0.0001 and 1 (1 = 100%)". */
const SamplingRate = z.number().min(0.0001).max(1);
/** A config field's name: an identifier (every type's fields are), so `__proto__` and the like never become keys. */
const FieldName = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'a config field name is letters, digits and _ (at most 64)');
/** A config before its type's schema reads it: an object of at most 64 fields (the type's schema drops the rest). */
const RawConfig = z.record(FieldName, z.unknown()).refine((c) => Object.keys(c).length <= 64, 'at most 64 fields');

/** Filter rules whose `regex` values are patterns safe to run on every generation (no catastrophic backtracking). */
const FilterRules = FilterRulesSchema.superRefine((rules, ctx) => {
  rules.groups.forEach((group, g) =>
    group.rules.forEach((rule, r) => {
      if (rule.operator !== 'regex') return;
      const problem = typeof rule.value === 'string' ? patternProblem(rule.value) : 'a regex rule needs a string value';
      if (problem) ctx.addIssue({ code: 'custom', path: ['groups', g, 'rules', r, 'value'], message: problem });
    }),
  );
});

/**
 * The data regions a destination applies to: newer than the reference, sent by @openrouter/sdk
 * ("`eu` is accepted as an alias for `europe`"; non-empty; omitted: `['global']`).
 */
const Regions = z
  .array(z.enum(['global', 'europe', 'eu', 'us']))
  .min(1)
  .max(3)
  .transform((regions) => [...new Set(regions.map((r) => (r === 'eu' ? 'europe' : r)))]);

/** The settings both create and update take (reference CreateObservabilityDestinationRequest, UpdateObservabilityDestinationRequest). */
const settings = {
  name: z.string().min(1).max(255),
  enabled: z.boolean(),
  privacy_mode: z.boolean(),
  broadcast_generation_cost: z.boolean(),
  broadcast_generation_identity: z.boolean(),
  broadcast_generation_request_context: z.boolean(),
  sampling_rate: SamplingRate,
  api_key_hashes: KeyHashes,
  filter_rules: FilterRules.nullable(),
  regions: Regions,
};

/** reference createObservabilityDestination request body; `config` is read by its type's schema after. */
export const CreateDestinationRequestSchema = z.object({
  type: DestinationTypeSchema,
  name: settings.name,
  config: RawConfig,
  workspace_id: z.uuid().optional(),
  enabled: settings.enabled.optional(),
  privacy_mode: settings.privacy_mode.optional(),
  broadcast_generation_cost: settings.broadcast_generation_cost.optional(),
  broadcast_generation_identity: settings.broadcast_generation_identity.optional(),
  broadcast_generation_request_context: settings.broadcast_generation_request_context.optional(),
  sampling_rate: SamplingRate.optional(),
  api_key_hashes: KeyHashes.optional(),
  filter_rules: settings.filter_rules.optional(),
  regions: settings.regions.optional(),
});
export type CreateDestinationRequest = z.infer<typeof CreateDestinationRequestSchema>;

/** reference updateObservabilityDestination request body: only the fields given change. */
export const UpdateDestinationRequestSchema = z.object({
  name: settings.name.optional(),
  config: RawConfig.optional(),
  enabled: settings.enabled.optional(),
  privacy_mode: settings.privacy_mode.optional(),
  broadcast_generation_cost: settings.broadcast_generation_cost.optional(),
  broadcast_generation_identity: settings.broadcast_generation_identity.optional(),
  broadcast_generation_request_context: settings.broadcast_generation_request_context.optional(),
  sampling_rate: SamplingRate.optional(),
  api_key_hashes: KeyHashes.optional(),
  filter_rules: settings.filter_rules.optional(),
  regions: settings.regions.optional(),
});
export type UpdateDestinationRequest = z.infer<typeof UpdateDestinationRequestSchema>;

const WholeNumber = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a whole number >= 0')
  .transform(Number);

/** reference listObservabilityDestinations query: `offset` (from 0), `limit` (1 to 100, default 50), `workspace_id`. */
export const ListDestinationsQuerySchema = z.object({
  offset: WholeNumber.optional(),
  limit: WholeNumber.pipe(z.number().min(1).max(100)).optional(),
  workspace_id: z.uuid().optional(),
});

/** The `{id}` path parameter: reference "The destination ID (UUID)". */
export const DestinationIdSchema = z.uuid();
