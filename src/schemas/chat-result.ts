import { z } from 'zod';
import { GatewayMetadataSchema } from './gateway-metadata.ts';

const count = z.number().int().min(0);

/** reference `ChatFinishReasonEnum`. */
export const CHAT_FINISH_REASONS = ['tool_calls', 'stop', 'length', 'content_filter', 'error'] as const;

/** reference `ChatUsage`: token counts with their details, and the cost members of /responses. */
export const ChatUsageSchema = z.looseObject({
  prompt_tokens: count,
  completion_tokens: count,
  total_tokens: count,
  prompt_tokens_details: z
    .looseObject({ cached_tokens: count.optional(), cache_write_tokens: count.optional(), audio_tokens: count.optional(), video_tokens: count.optional() })
    .nullable()
    .optional(),
  completion_tokens_details: z.looseObject({ reasoning_tokens: count.nullable().optional(), audio_tokens: count.nullable().optional() }).nullable().optional(),
  cost: z.number().min(0).nullable().optional(),
  is_byok: z.boolean().optional(),
  // reference CostDetails: the upstream cost split under the chat names.
  cost_details: z
    .looseObject({
      upstream_inference_cost: z.number().nullable().optional(),
      upstream_inference_prompt_cost: z.number(),
      upstream_inference_completions_cost: z.number(),
    })
    .nullable()
    .optional(),
  server_tool_use_details: z.looseObject({}).nullable().optional(),
});
export type ChatUsage = z.infer<typeof ChatUsageSchema>;

/**
 * The arithmetic a chat usage must satisfy: total = prompt + completion, reasoning <= completion,
 * cached <= prompt. One readable problem per broken rule (empty when consistent).
 *
 * @example
 * checkChatUsageArithmetic({ prompt_tokens: 5, completion_tokens: 3, total_tokens: 9 }); // ['total_tokens: 9 != ...']
 */
export function checkChatUsageArithmetic(usage: ChatUsage): string[] {
  const problems: string[] = [];
  const sum = usage.prompt_tokens + usage.completion_tokens;
  if (usage.total_tokens !== sum) problems.push(`total_tokens: ${usage.total_tokens} != prompt_tokens + completion_tokens = ${sum}`);
  const reasoning = usage.completion_tokens_details?.reasoning_tokens ?? 0;
  if (reasoning > usage.completion_tokens)
    problems.push(`completion_tokens_details.reasoning_tokens: ${reasoning} > completion_tokens ${usage.completion_tokens}`);
  const cached = usage.prompt_tokens_details?.cached_tokens ?? 0;
  if (cached > usage.prompt_tokens) problems.push(`prompt_tokens_details.cached_tokens: ${cached} > prompt_tokens ${usage.prompt_tokens}`);
  return problems;
}

/** reference `ChatToolCall`. */
export const ChatResultToolCallSchema = z.looseObject({
  id: z.string(),
  type: z.literal('function'),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
});

/** reference `ChatAssistantMessage` as an answer carries it (plus OpenAI's `annotations`). */
export const ChatResultMessageSchema = z.looseObject({
  role: z.literal('assistant'),
  content: z.string().nullable(),
  refusal: z.string().nullable().optional(),
  reasoning: z.string().nullable().optional(),
  reasoning_details: z.array(z.looseObject({ type: z.string() })).optional(),
  tool_calls: z.array(ChatResultToolCallSchema).optional(),
  annotations: z.array(z.looseObject({ type: z.string() })).optional(),
});

/** reference `ChatChoice`. */
export const ChatChoiceSchema = z.looseObject({
  index: z.number().int().min(0),
  message: ChatResultMessageSchema,
  finish_reason: z.enum(CHAT_FINISH_REASONS).nullable(),
  logprobs: z.unknown().optional(),
});

/**
 * reference `ChatResult` (`object: "chat.completion"`), with `gateway_metadata` (spec 2.6, the
 * reference's `openrouter_metadata`) when the metadata header asks for it.
 *
 * @example
 * ChatResultSchema.parse(await (await fetch(url, init)).json());
 */
export const ChatResultSchema = z.looseObject({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(ChatChoiceSchema),
  usage: ChatUsageSchema.optional(),
  system_fingerprint: z.string().nullable(),
  service_tier: z.string().nullable().optional(),
  gateway_metadata: GatewayMetadataSchema.optional(),
});
export type ChatResult = z.infer<typeof ChatResultSchema>;

/** reference `ChatStreamToolCall`. */
export const ChatStreamToolCallSchema = z.looseObject({
  index: z.number().int().min(0),
  id: z.string().optional(),
  type: z.literal('function').optional(),
  function: z.looseObject({ name: z.string().optional(), arguments: z.string().optional() }).optional(),
});

/** reference `ChatStreamDelta`. */
export const ChatStreamDeltaSchema = z.looseObject({
  role: z.literal('assistant').optional(),
  content: z.string().nullable().optional(),
  refusal: z.string().nullable().optional(),
  reasoning: z.string().nullable().optional(),
  reasoning_details: z.array(z.looseObject({ type: z.string() })).optional(),
  tool_calls: z.array(ChatStreamToolCallSchema).optional(),
  annotations: z.array(z.looseObject({ type: z.string() })).optional(),
});

/**
 * reference `ChatStreamChunk` (`object: "chat.completion.chunk"`): the `data` of each event of a
 * chat stream. `error` is set on the chunk of a failure after the 200.
 */
export const ChatStreamChunkSchema = z.looseObject({
  id: z.string(),
  object: z.literal('chat.completion.chunk'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.looseObject({
      index: z.number().int().min(0),
      delta: ChatStreamDeltaSchema,
      finish_reason: z.enum(CHAT_FINISH_REASONS).nullable(),
      logprobs: z.unknown().optional(),
    }),
  ),
  usage: ChatUsageSchema.optional(),
  error: z.looseObject({ code: z.number().int(), message: z.string() }).optional(),
  gateway_metadata: GatewayMetadataSchema.optional(),
});
export type ChatStreamChunk = z.infer<typeof ChatStreamChunkSchema>;
