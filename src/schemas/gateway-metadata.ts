import { z } from 'zod';

/** Reference `RoutingStrategy` values (the spec types `strategy` as a plain string). */
export const ROUTING_STRATEGIES = ['direct', 'auto', 'free', 'latest', 'alias', 'fallback', 'pareto', 'fusion'] as const;

/** spec 2.6 `endpoints.available[]` entry. */
// Plain objects (unknown members are accepted and dropped on parse) so code can build these from
// interfaces without index signatures.
export const EndpointInfoSchema = z.object({ model: z.string(), provider: z.string(), selected: z.boolean() });
export type EndpointInfo = z.infer<typeof EndpointInfoSchema>;

/** spec 2.6 guardrail stage: `type` guardrail, `name`, `guardrail_id`, `guardrail_scope`, `summary`, `data`. */
export const GuardrailStageSchema = z.looseObject({
  type: z.literal('guardrail'),
  name: z.string(),
  guardrail_id: z.string(),
  guardrail_scope: z.string(),
  summary: z.string(),
  data: z.looseObject({
    action: z.string(),
    detected: z.boolean(),
    engines: z.array(z.string()),
    patterns: z.array(z.string()),
  }),
});
export type GuardrailStage = z.infer<typeof GuardrailStageSchema>;

/** Any other pipeline stage (plugin, server_tools, response_healing, ...): members not shown. */
export const OtherPipelineStageSchema = z.looseObject({
  type: z.string().refine((t) => t !== 'guardrail'),
  name: z.string().optional(),
  summary: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});

export const PipelineStageSchema = z.union([GuardrailStageSchema, OtherPipelineStageSchema]);
export type PipelineStage = z.infer<typeof PipelineStageSchema>;

/** Reference `RouterAttempt`: one provider attempt with the status it gave. */
export const RouterAttemptSchema = z.object({ model: z.string(), provider: z.string(), status: z.number().int() });
export type RouterAttempt = z.infer<typeof RouterAttemptSchema>;

/**
 * spec 2.6 `gateway_metadata`: returned on results and error bodies when the `X-Gateway-Metadata`
 * header is `enabled`. Members "seen" in the spec are checked when present; members beyond them
 * (reference `attempts`, `params`) pass as sent. All optional: the spec lists them as seen, not required.
 *
 * @example
 * GatewayMetadataSchema.parse({ requested: 'alpha/chat', strategy: 'direct', attempt: 1,
 *   endpoints: { available: [{ model: 'alpha/chat', provider: 'alpha', selected: true }], total: 1 } });
 */
export const GatewayMetadataSchema = z.looseObject({
  requested: z.string().optional(),
  strategy: z.string().optional(),
  attempt: z.number().int().optional(),
  attempts: z.array(RouterAttemptSchema).optional(),
  endpoints: z
    .object({
      available: z.array(EndpointInfoSchema),
      total: z.number().int(),
    })
    .optional(),
  is_byok: z.boolean().optional(),
  region: z.string().optional(),
  summary: z.string().optional(),
  pipeline: z.array(PipelineStageSchema).optional(),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type GatewayMetadata = z.infer<typeof GatewayMetadataSchema>;
