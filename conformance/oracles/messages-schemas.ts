import { z } from 'zod';

/**
 * The suite's own reading of the reference Messages shapes (`MessagesResult`, `AnthropicUsage`,
 * `ORAnthropicStopReason`, `AnthropicMessagesErrorResponse`): required members and their types;
 * extra members are allowed, as the reference allows them.
 */
const count = z.number().int().nonnegative();
const nullableCount = count.nullable();

/** reference `ORAnthropicStopReason`. */
export const MessagesStopReasonSchema = z.enum(['end_turn', 'max_tokens', 'model_context_window_exceeded', 'stop_sequence', 'tool_use', 'pause_turn', 'refusal', 'compaction']);

/** reference `AnthropicUsage` (every member it lists as required). */
export const MessagesUsageSchema = z.object({
  input_tokens: count,
  output_tokens: count,
  cache_creation_input_tokens: nullableCount,
  cache_read_input_tokens: nullableCount,
  cache_creation: z.unknown(),
  output_tokens_details: z.unknown(),
  inference_geo: z.string().nullable(),
  server_tool_use: z.unknown(),
  service_tier: z.string().nullable(),
  cost: z.number().nonnegative().nullable().optional(),
});

/** The content blocks the rules read (reference `AnthropicTextBlock`, `AnthropicToolUseBlock`, `AnthropicThinkingBlock`); other kinds pass. */
export const MessagesBlockSchema = z.union([
  z.looseObject({ type: z.literal('text'), text: z.string() }),
  z.looseObject({ type: z.literal('tool_use'), id: z.string().min(1), name: z.string(), input: z.unknown() }),
  z.looseObject({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() }),
  z.looseObject({ type: z.string().refine((t) => !['text', 'tool_use', 'thinking'].includes(t)) }),
]);

/** reference `MessagesResult` (`BaseMessagesResult` with its required members). */
export const MessagesResultSchema = z.object({
  id: z.string().min(1),
  type: z.literal('message'),
  role: z.literal('assistant'),
  container: z.unknown().refine((v) => v !== undefined, 'required (null when unused)'),
  content: z.array(MessagesBlockSchema),
  model: z.string(),
  stop_reason: MessagesStopReasonSchema.nullable(),
  stop_details: z.unknown().refine((v) => v !== undefined, 'required (null when unused)'),
  stop_sequence: z.string().nullable(),
  usage: MessagesUsageSchema,
});

/** reference `AnthropicMessagesErrorResponse`. */
export const MessagesErrorSchema = z.object({
  type: z.literal('error'),
  error: z.object({
    type: z.enum(['invalid_request_error', 'authentication_error', 'permission_error', 'not_found_error', 'rate_limit_error', 'api_error', 'overloaded_error', 'billing_error', 'timeout_error']),
    message: z.string(),
  }),
  request_id: z.string().nullable(),
});
