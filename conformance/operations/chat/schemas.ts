import { z } from 'zod';

/**
 * The suite's own reading of the reference Chat Completions shapes (`ChatResult`, `ChatChoice`,
 * `ChatAssistantMessage`, `ChatToolCall`, `ChatUsage`, `ChatStreamChunk`): required members and
 * their types; extra members are allowed, as the reference allows them.
 */
const count = z.number().int().nonnegative();

/** reference `ChatFinishReasonEnum` (null allowed in a stream chunk that does not finish). */
export const ChatFinishReasonSchema = z.enum(['tool_calls', 'stop', 'length', 'content_filter', 'error']).nullable();

/** reference `ChatToolCall`. */
export const ChatToolCallSchema = z.object({
  id: z.string().min(1),
  type: z.literal('function'),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

/** reference `ChatUsage`. */
export const ChatUsageSchema = z.object({
  prompt_tokens: count,
  completion_tokens: count,
  total_tokens: count,
  prompt_tokens_details: z.object({ cached_tokens: count.optional(), cache_write_tokens: count.optional() }).nullable().optional(),
  completion_tokens_details: z.object({ reasoning_tokens: count.nullable().optional() }).nullable().optional(),
  cost: z.number().nonnegative().nullable().optional(),
});

/** reference `ChatResult` with its `ChatChoice` and `ChatAssistantMessage`. */
export const ChatResultSchema = z.object({
  id: z.string().min(1),
  object: z.literal('chat.completion'),
  created: z.number().int(),
  model: z.string(),
  system_fingerprint: z.string().nullable(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      finish_reason: ChatFinishReasonSchema,
      message: z.object({
        role: z.literal('assistant'),
        content: z.union([z.string(), z.array(z.unknown()), z.null()]).optional(),
        tool_calls: z.array(ChatToolCallSchema).optional(),
        refusal: z.string().nullable().optional(),
        reasoning: z.string().nullable().optional(),
      }),
    }),
  ),
  usage: ChatUsageSchema.optional(),
});

/** reference `ChatStreamToolCall`: only `index` is required in a fragment. */
const ChatStreamToolCallSchema = z.object({
  index: z.number().int(),
  id: z.string().optional(),
  type: z.literal('function').optional(),
  function: z.object({ name: z.string().optional(), arguments: z.string().optional() }).optional(),
});

/** reference `ChatStreamChunk` with `ChatStreamChoice` and `ChatStreamDelta`. */
export const ChatChunkSchema = z.object({
  id: z.string().min(1),
  object: z.literal('chat.completion.chunk'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      finish_reason: ChatFinishReasonSchema,
      delta: z.object({
        role: z.literal('assistant').optional(),
        content: z.string().nullable().optional(),
        reasoning: z.string().nullable().optional(),
        refusal: z.string().nullable().optional(),
        tool_calls: z.array(ChatStreamToolCallSchema).optional(),
      }),
    }),
  ),
  usage: ChatUsageSchema.nullable().optional(),
  error: z.object({ code: z.number().int(), message: z.string() }).optional(),
});

export type ChatChunk = z.infer<typeof ChatChunkSchema>;
export type ChatUsage = z.infer<typeof ChatUsageSchema>;
