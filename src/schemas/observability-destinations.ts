import { z } from 'zod';

/** reference CreateObservabilityDestinationRequest `type`: the stable destination types, the only ones accepted. */
export const DESTINATION_TYPES = [
  'arize',
  'braintrust',
  'clickhouse',
  'datadog',
  'grafana',
  'langfuse',
  'langsmith',
  'newrelic',
  'opik',
  'otel-collector',
  'posthog',
  'ramp',
  's3',
  'sentry',
  'snowflake',
  'weave',
  'webhook',
] as const;
export const DestinationTypeSchema = z.enum(DESTINATION_TYPES);
export type DestinationType = z.infer<typeof DestinationTypeSchema>;

/** reference `ObservabilityDestination` as answered: the config's secrets masked. */
export const ObservabilityDestinationSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  name: z.string().nullable(),
  enabled: z.boolean(),
  privacy_mode: z.boolean(),
  broadcast_generation_cost: z.boolean(),
  broadcast_generation_identity: z.boolean(),
  broadcast_generation_request_context: z.boolean(),
  sampling_rate: z.number(),
  api_key_hashes: z.array(z.string()).nullable(),
  filter_rules: z.object({ enabled: z.boolean().optional(), groups: z.array(z.unknown()) }).nullable(),
  /** Newer than the reference (@openrouter/sdk reads it): the data regions it applies to. */
  regions: z.array(z.string()).optional(),
  created_at: z.string(),
  updated_at: z.string(),
  type: DestinationTypeSchema,
  config: z.record(z.string(), z.unknown()),
});

/** The Observability answers' component schemas, by name (the served /openapi.json). */
export const OBSERVABILITY_COMPONENTS = {
  ObservabilityDestinationsListResponse: z.object({ data: z.array(ObservabilityDestinationSchema), total_count: z.number().int() }),
  ObservabilityDestinationResponse: z.object({ data: ObservabilityDestinationSchema }),
  ObservabilityDestinationDeletedResponse: z.object({ deleted: z.literal(true) }),
} as const;
