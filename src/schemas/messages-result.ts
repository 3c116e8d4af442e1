import { z } from 'zod';

const count = z.number().int().min(0);

/** reference `AnthropicMessagesErrorResponse.error.type` values. */
export const ANTHROPIC_ERROR_TYPES = [
  'invalid_request_error',
  'authentication_error',
  'permission_error',
  'not_found_error',
  'rate_limit_error',
  'api_error',
  'overloaded_error',
  'billing_error',
  'timeout_error',
] as const;
export type AnthropicErrorType = (typeof ANTHROPIC_ERROR_TYPES)[number];

/** reference `ORAnthropicStopReason`. */
export const STOP_REASONS = [
  'end_turn',
  'max_tokens',
  'model_context_window_exceeded',
  'stop_sequence',
  'tool_use',
  'pause_turn',
  'refusal',
  'compaction',
] as const;

/** reference `AnthropicUsage` (the members every answer carries, nullable where it says so) with the gateway's cost. */
export const MessageUsageSchema = z.looseObject({
  input_tokens: count,
  output_tokens: count,
  cache_creation_input_tokens: count.nullable(),
  cache_read_input_tokens: count.nullable(),
  cache_creation: z.looseObject({ ephemeral_5m_input_tokens: count, ephemeral_1h_input_tokens: count }).nullable(),
  inference_geo: z.string().nullable(),
  output_tokens_details: z.looseObject({ thinking_tokens: count }).nullable(),
  server_tool_use: z.looseObject({ web_search_requests: count, web_fetch_requests: count }).nullable(),
  service_tier: z.enum(['standard', 'priority', 'batch']).nullable(),
  cost: z.number().min(0).nullable().optional(),
  is_byok: z.boolean().optional(),
  cost_details: z
    .looseObject({
      upstream_inference_cost: z.number().nullable().optional(),
      upstream_inference_prompt_cost: z.number(),
      upstream_inference_completions_cost: z.number(),
    })
    .nullable()
    .optional(),
});

/** reference `AnthropicRefusalStopDetails`. */
const RefusalStopDetailsSchema = z.looseObject({
  type: z.literal('refusal'),
  category: z.enum(['cyber', 'bio', 'frontier_llm', 'reasoning_extraction', 'general_harms']).nullable(),
  explanation: z.string().nullable(),
});

/** reference `AnthropicTextBlock`, `AnthropicThinkingBlock`, `AnthropicToolUseBlock`; other kinds by `type`. */
export const MessageContentBlockSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text'), text: z.string(), citations: z.array(z.unknown()).nullable() }),
  z.looseObject({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() }),
  z.looseObject({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.unknown() }),
  z.looseObject({ type: z.literal('redacted_thinking'), data: z.string() }),
]);

/**
 * reference `MessagesResult`: the non-streamed answer of `POST /messages`.
 *
 * @example
 * const message = MessagesResultSchema.parse(await res.json());
 */
export const MessagesResultSchema = z.looseObject({
  id: z.string(),
  type: z.literal('message'),
  role: z.literal('assistant'),
  // reference `AnthropicContainer`: no code-execution container here, so always null.
  container: z.looseObject({ id: z.string(), expires_at: z.string() }).nullable(),
  content: z.array(MessageContentBlockSchema),
  model: z.string(),
  stop_reason: z.enum(STOP_REASONS).nullable(),
  stop_details: RefusalStopDetailsSchema.nullable(),
  stop_sequence: z.string().nullable(),
  usage: MessageUsageSchema,
});
export type MessagesResultShape = z.infer<typeof MessagesResultSchema>;

const index = count;

/** reference `MessagesStreamEvents`: one event of the stream, by `type`. */
export const MessagesStreamEventSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('message_start'), message: MessagesResultSchema.extend({ stop_reason: z.null(), content: z.array(z.unknown()).length(0) }) }),
  z.looseObject({ type: z.literal('content_block_start'), index, content_block: MessageContentBlockSchema }),
  z.looseObject({
    type: z.literal('content_block_delta'),
    index,
    delta: z.discriminatedUnion('type', [
      z.looseObject({ type: z.literal('text_delta'), text: z.string() }),
      z.looseObject({ type: z.literal('input_json_delta'), partial_json: z.string() }),
      z.looseObject({ type: z.literal('thinking_delta'), thinking: z.string() }),
      z.looseObject({ type: z.literal('signature_delta'), signature: z.string() }),
      z.looseObject({ type: z.literal('citations_delta'), citation: z.looseObject({ type: z.string() }) }),
    ]),
  }),
  z.looseObject({ type: z.literal('content_block_stop'), index }),
  z.looseObject({
    type: z.literal('message_delta'),
    delta: z.looseObject({ stop_reason: z.enum(STOP_REASONS).nullable(), stop_sequence: z.string().nullable() }),
    usage: z.looseObject({ output_tokens: count, input_tokens: count.nullable() }),
  }),
  z.looseObject({ type: z.literal('message_stop') }),
  z.looseObject({ type: z.literal('ping') }),
  z.looseObject({ type: z.literal('error'), error: z.looseObject({ type: z.string(), message: z.string() }) }),
]);
export type MessagesStreamEventShape = z.infer<typeof MessagesStreamEventSchema>;

/**
 * reference `AnthropicMessagesErrorResponse`: `type` error, `error.type` and `error.message`, `request_id`.
 *
 * @example
 * MessagesErrorBodySchema.parse(await res.json()).error.type; // 'overloaded_error'
 */
export const MessagesErrorBodySchema = z.looseObject({
  type: z.literal('error'),
  error: z.looseObject({ type: z.enum(ANTHROPIC_ERROR_TYPES), message: z.string() }),
  request_id: z.string().nullable(),
});
