import { z } from 'zod';
import { GatewayMetadataSchema } from './gateway-metadata.ts';
import { OutputItemSchema } from './items.ts';
import { ToolSchema } from './tools.ts';
import { UsageSchema } from './usage.ts';

/** Reference `OpenAIResponsesResponseStatus` (spec 3 shows only `completed`). */
export const RESPONSE_STATUSES = ['completed', 'incomplete', 'in_progress', 'failed', 'cancelled', 'queued'] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];

/** Reference `IncompleteDetails.reason` values. */
export const INCOMPLETE_REASONS = ['max_output_tokens', 'content_filter'] as const;

/** `incomplete_details` (spec 2.2: null in the sample; non-null shape from the reference). */
export const IncompleteDetailsSchema = z.looseObject({ reason: z.enum(INCOMPLETE_REASONS).optional() });

/** `error` of a failed response (spec 2.2: shape not shown; the reference has `code` and `message`). */
export const ResponseErrorFieldSchema = z.looseObject({ code: z.string(), message: z.string() });

/**
 * spec 2.2 the Responses result (reference `OpenResponsesResult`): the non-streaming body, and the
 * `response` of the terminal stream events. The echoed settings are required, as in the reference;
 * `usage` is required here (a terminal result without usage is a known client pitfall).
 *
 * @example
 * const result = ResponsesResultSchema.parse(await res.json());
 * result.output.filter((item) => item.type === 'message');
 */
export const ResponsesResultSchema = z.looseObject({
  id: z.string(),
  object: z.literal('response'),
  created_at: z.number().int(),
  // spec 2.2 integer; the reference allows null while the response is not finished.
  completed_at: z.number().int().nullable(),
  status: z.enum(RESPONSE_STATUSES),
  model: z.string(),
  output: z.array(OutputItemSchema),
  usage: UsageSchema,
  error: ResponseErrorFieldSchema.nullable(),
  // spec 2.2 / 7: allowed values not shown.
  error_type: z.string().nullable().optional(),
  incomplete_details: IncompleteDetailsSchema.nullable(),
  // Echoed request settings (spec 2.2).
  instructions: z.union([z.string(), z.array(z.unknown())]).nullable(),
  max_output_tokens: z.number().int().nullable().optional(),
  metadata: z.record(z.string(), z.string()).nullable(),
  frequency_penalty: z.number().nullable(),
  presence_penalty: z.number().nullable(),
  temperature: z.number().nullable(),
  top_p: z.number().nullable(),
  parallel_tool_calls: z.boolean().nullable(),
  tool_choice: z.unknown(),
  tools: z.array(ToolSchema),
  text: z.unknown().optional(),
  service_tier: z.string().nullable().optional(),
  output_text: z.string().optional(),
  gateway_metadata: GatewayMetadataSchema.optional(),
});
export type ResponsesResult = z.infer<typeof ResponsesResultSchema>;

/**
 * The `response` of `response.created` / `response.in_progress`: the result before it is finished,
 * so `usage` may be absent or null.
 */
export const ResponseSnapshotSchema = ResponsesResultSchema.extend({ usage: UsageSchema.nullable().optional() });
export type ResponseSnapshot = z.infer<typeof ResponseSnapshotSchema>;

/**
 * Concatenated `output_text` of all assistant messages of a result (what SDKs expose as `output_text`).
 *
 * @example
 * resultOutputText(ResponsesResultSchema.parse(await res.json())); // 'Sure, I can help ...'
 */
export function resultOutputText(result: Pick<ResponsesResult, 'output'>): string {
  let text = '';
  for (const item of result.output) {
    if (item.type !== 'message' || !Array.isArray(item.content)) continue;
    for (const part of item.content as Array<{ type?: unknown; text?: unknown }>) {
      if (part.type === 'output_text' && typeof part.text === 'string') text += part.text;
    }
  }
  return text;
}
