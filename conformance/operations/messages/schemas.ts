import { z } from 'zod';

/**
 * The suite's own reading of the reference Messages shapes (`MessagesResult`, `AnthropicUsage`,
 * `ORAnthropicStopReason`, `AnthropicMessagesErrorResponse`): required members and their types;
 * extra members are allowed, as the reference allows them.
 */
const count = z.number().int().nonnegative();
const nullableCount = count.nullable();

/** reference `ORAnthropicStopReason`. */
export const MessagesStopReasonSchema = z.enum([
  'end_turn',
  'max_tokens',
  'model_context_window_exceeded',
  'stop_sequence',
  'tool_use',
  'pause_turn',
  'refusal',
  'compaction',
]);

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

/** A member the reference requires that may be null: present, whatever its value. */
export const present = (what = 'required (null when unused)') => z.unknown().refine((v) => v !== undefined, what);

/**
 * The content blocks the rules read (reference `AnthropicTextBlock`: `citations` required, an array
 * or null; `AnthropicToolUseBlock`: `caller` required; `AnthropicThinkingBlock`); other kinds pass.
 */
export const MessagesBlockSchema = z.union([
  z.looseObject({ type: z.literal('text'), text: z.string(), citations: z.array(z.unknown()).nullable() }),
  z.looseObject({ type: z.literal('tool_use'), id: z.string().min(1), caller: z.looseObject({ type: z.string() }), name: z.string(), input: z.unknown() }),
  z.looseObject({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() }),
  z.looseObject({ type: z.string().refine((t) => !['text', 'tool_use', 'thinking'].includes(t)) }),
]);

/** reference `MessagesResult` (`BaseMessagesResult` with its required members). */
export const MessagesResultSchema = z.object({
  id: z.string().min(1),
  type: z.literal('message'),
  role: z.literal('assistant'),
  container: present(),
  content: z.array(MessagesBlockSchema),
  model: z.string(),
  stop_reason: MessagesStopReasonSchema.nullable(),
  stop_details: present(),
  stop_sequence: z.string().nullable(),
  usage: MessagesUsageSchema,
});

/** reference `AnthropicMessagesErrorResponse`. */
export const MessagesErrorSchema = z.object({
  type: z.literal('error'),
  error: z.object({
    type: z.enum([
      'invalid_request_error',
      'authentication_error',
      'permission_error',
      'not_found_error',
      'rate_limit_error',
      'api_error',
      'overloaded_error',
      'billing_error',
      'timeout_error',
    ]),
    message: z.string(),
  }),
  request_id: z.string().nullable(),
});

/** reference `MessagesStartEvent`: the message as it starts (its usage an `AnthropicUsage`). */
const MessageStartSchema = z.looseObject({
  type: z.literal('message_start'),
  message: z.looseObject({
    id: z.string().min(1),
    type: z.literal('message'),
    role: z.literal('assistant'),
    container: present(),
    content: z.array(z.unknown()),
    model: z.string(),
    stop_reason: present(),
    stop_details: present(),
    stop_sequence: present(),
    usage: MessagesUsageSchema,
  }),
});

/** reference `MessagesContentBlockDeltaEvent`: the delta kinds and their required members. */
const BlockDeltaSchema = z.union([
  z.looseObject({ type: z.literal('text_delta'), text: z.string() }),
  z.looseObject({ type: z.literal('input_json_delta'), partial_json: z.string() }),
  z.looseObject({ type: z.literal('thinking_delta'), thinking: z.string() }),
  z.looseObject({ type: z.literal('signature_delta'), signature: z.string() }),
  z.looseObject({ type: z.literal('citations_delta'), citation: z.looseObject({ type: z.string() }) }),
  z.looseObject({ type: z.literal('compaction_delta'), content: z.string().nullable() }),
]);

/** reference `MessagesDeltaEvent`: every member of its delta and usage it requires. */
const MessageDeltaSchema = z.looseObject({
  type: z.literal('message_delta'),
  delta: z.looseObject({
    container: present(),
    stop_details: present(),
    stop_reason: MessagesStopReasonSchema.nullable(),
    stop_sequence: z.string().nullable(),
  }),
  usage: z.looseObject({
    input_tokens: nullableCount,
    output_tokens: count,
    output_tokens_details: present(),
    cache_creation_input_tokens: nullableCount,
    cache_read_input_tokens: nullableCount,
    server_tool_use: present(),
  }),
});

/**
 * reference `MessagesStreamEvents`: each event type's schema, by `type`, with the members the
 * reference requires (extra members pass).
 */
export const MESSAGES_EVENT_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  message_start: MessageStartSchema,
  content_block_start: z.looseObject({ type: z.literal('content_block_start'), index: count, content_block: MessagesBlockSchema }),
  content_block_delta: z.looseObject({ type: z.literal('content_block_delta'), index: count, delta: BlockDeltaSchema }),
  content_block_stop: z.looseObject({ type: z.literal('content_block_stop'), index: count }),
  message_delta: MessageDeltaSchema,
  message_stop: z.looseObject({ type: z.literal('message_stop') }),
  ping: z.looseObject({ type: z.literal('ping') }),
  error: z.looseObject({ type: z.literal('error'), error: z.looseObject({ type: z.string(), message: z.string() }) }),
};
