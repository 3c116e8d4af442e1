import { z } from 'zod';
import { otherKindSchema } from './other-kind.ts';
import { PluginsSchema } from './plugins.ts';
import { ProviderPreferencesSchema } from './provider-preferences.ts';
import { STOP_LIMITS, StopSequenceSchema } from './stop-sequence.ts';
import {
  CacheControlSchema,
  DebugOptionsSchema,
  ImageConfigSchema,
  PromptCacheOptionsSchema,
  REASONING_EFFORTS,
  ReasoningConfigSchema,
  RequestMetadataSchema,
  RESPONSES_LIMITS,
} from './responses-request.ts';

// The Chat Completions request (reference `ChatRequest`). The members it shares with the
// Responses request (metadata, plugins, provider preferences, cache control, reasoning, debug)
// are the same schemas, so a rule and its message are the same on both operations.

/** Limits of the chat request: those the reference states, and the shared ones of the Responses request. */
export const CHAT_LIMITS = {
  /** reference `ChatRequest.stop`: up to 4 stop sequences. */
  stopMaxItems: STOP_LIMITS.chatMaxItems,
  /** reference `ChatRequest.top_logprobs`: 0-20. */
  topLogprobsMax: 20,
  /** reference `ChatFunctionTool.function.name` and `ChatJsonSchemaConfig.name`: at most 64 characters. */
  nameMaxChars: 64,
  sessionIdMaxChars: RESPONSES_LIMITS.sessionIdMaxChars,
  userMaxChars: RESPONSES_LIMITS.userMaxChars,
} as const;

/** reference `ChatMessages` roles. */
export const CHAT_ROLES = ['system', 'developer', 'user', 'assistant', 'tool'] as const;

/** reference `ChatRequest.service_tier` (`fast` is the reference's alias of `priority`). */
export const CHAT_SERVICE_TIERS = ['auto', 'default', 'fast', 'flex', 'priority', 'scale'] as const;

/** reference `ChatRequest.modalities`. */
export const CHAT_MODALITIES = ['text', 'image', 'audio'] as const;

/** reference `PromptCacheBreakpoint`: an OpenAI-style explicit cache boundary (the simulator's cache keys on the prefix either way). */
export const PromptCacheBreakpointSchema = z.looseObject({ mode: z.literal('explicit') });

/** reference `ChatContentText` (with its cache breakpoint). */
export const ChatTextPartSchema = z.looseObject({
  type: z.literal('text'),
  text: z.string(),
  cache_control: CacheControlSchema.optional(),
  prompt_cache_breakpoint: PromptCacheBreakpointSchema.nullable().optional(),
});

/** reference `ChatContentImage`. */
export const ChatImagePartSchema = z.looseObject({
  type: z.literal('image_url'),
  image_url: z.looseObject({ url: z.string(), detail: z.enum(['auto', 'low', 'high', 'original']).optional() }),
});

/** reference `ChatContentAudio`. */
export const ChatAudioPartSchema = z.looseObject({
  type: z.literal('input_audio'),
  input_audio: z.looseObject({ data: z.string(), format: z.string() }),
});

/** reference `ChatContentFile`. */
export const ChatFilePartSchema = z.looseObject({
  type: z.literal('file'),
  file: z.looseObject({ file_data: z.string().optional(), file_id: z.string().optional(), filename: z.string().optional() }),
});

/** reference `ChatContentVideo` and the legacy `input_video` part. */
export const ChatVideoPartSchema = z.looseObject({
  type: z.enum(['video_url', 'input_video']),
  video_url: z.looseObject({ url: z.string() }),
});

/** reference `ChatContentItems`, discriminated by `type`. */
export const ChatContentPartSchema = z.discriminatedUnion(
  'type',
  [ChatTextPartSchema, ChatImagePartSchema, ChatAudioPartSchema, ChatFilePartSchema, ChatVideoPartSchema],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? `must be one of "text", "image_url", "input_audio", "file", "video_url", "input_video"${kindOf(issue.input, 'type')}`
        : undefined,
  },
);
export type ChatContentPart = z.infer<typeof ChatContentPartSchema>;

function kindOf(input: unknown, key: string): string {
  const value = typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[key] : undefined;
  return value === undefined ? ' (missing)' : ` (got ${JSON.stringify(value)})`;
}

const textOnlyContent = z.union([z.string(), z.array(ChatTextPartSchema)]);
const anyContent = z.union([z.string(), z.array(ChatContentPartSchema)]);

/** reference `ChatToolCall`: a call the assistant made, sent back in the conversation. */
export const ChatToolCallSchema = z.looseObject({
  id: z.string(),
  type: z.literal('function'),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
});
export type ChatToolCall = z.infer<typeof ChatToolCallSchema>;

/** reference `ReasoningFormat`. */
export const REASONING_FORMATS = [
  'unknown',
  'openai-responses-v1',
  'azure-openai-responses-v1',
  'bedrock-openai-responses-v1',
  'bedrock-xai-responses-v1',
  'xai-responses-v1',
  'meta-responses-v1',
  'anthropic-claude-v1',
  'google-gemini-v1',
] as const;

const detailCommon = { id: z.string().nullable().optional(), format: z.enum(REASONING_FORMATS).nullable().optional(), index: z.number().int().optional() };
/**
 * reference `ReasoningDetailUnion`: reasoning an assistant turn carried, passed back as context.
 * The four kinds are checked; another `type` passes as sent.
 */
export const ChatReasoningDetailSchema = z.union([
  z.looseObject({ type: z.literal('reasoning.summary'), summary: z.string(), ...detailCommon }),
  z.looseObject({ type: z.literal('reasoning.encrypted'), data: z.string(), ...detailCommon }),
  z.looseObject({ type: z.literal('reasoning.text'), text: z.string().nullable().optional(), signature: z.string().nullable().optional(), ...detailCommon }),
  z.looseObject({
    type: z.literal('reasoning.server_tool_call'),
    tool_name: z.string(),
    arguments: z.string(),
    result: z.string(),
    tool_call_id: z.string().nullable().optional(),
    ...detailCommon,
  }),
  otherKindSchema('type', ['reasoning.summary', 'reasoning.encrypted', 'reasoning.text', 'reasoning.server_tool_call']),
]);

/** reference `ChatSystemMessage` and `ChatDeveloperMessage`: text only. */
export const ChatSystemMessageSchema = z.looseObject({ role: z.literal('system'), content: textOnlyContent, name: z.string().optional() });
export const ChatDeveloperMessageSchema = z.looseObject({ role: z.literal('developer'), content: textOnlyContent, name: z.string().optional() });
/** reference `ChatUserMessage`: text, image, audio, file and video parts. */
export const ChatUserMessageSchema = z.looseObject({ role: z.literal('user'), content: anyContent, name: z.string().optional() });
/** reference `ChatAssistantMessage`: content may be null when the turn is only tool calls. */
export const ChatAssistantMessageSchema = z.looseObject({
  role: z.literal('assistant'),
  content: z.union([z.string(), z.array(ChatContentPartSchema), z.null()]).optional(),
  name: z.string().optional(),
  refusal: z.string().nullable().optional(),
  reasoning: z.string().nullable().optional(),
  reasoning_details: z.array(ChatReasoningDetailSchema).optional(),
  tool_calls: z.array(ChatToolCallSchema).optional(),
  // reference `ChatAssistantMessage`: what an earlier answer carried, passed back; not read here.
  audio: z
    .looseObject({ id: z.string().optional(), data: z.string().optional(), expires_at: z.number().int().optional(), transcript: z.string().optional() })
    .nullable()
    .optional(),
  images: z
    .array(z.looseObject({ image_url: z.looseObject({ url: z.string() }) }))
    .nullable()
    .optional(),
  model: z.string().optional(),
});
/** reference `ChatToolMessage`: a tool's output, naming the call it answers. */
export const ChatToolMessageSchema = z.looseObject({ role: z.literal('tool'), content: anyContent, tool_call_id: z.string() });

/** reference `ChatMessages`, discriminated by `role`. */
export const ChatMessageSchema = z.discriminatedUnion(
  'role',
  [ChatSystemMessageSchema, ChatDeveloperMessageSchema, ChatUserMessageSchema, ChatAssistantMessageSchema, ChatToolMessageSchema],
  {
    error: (issue) =>
      issue.code === 'invalid_union' ? `must be one of ${CHAT_ROLES.map((r) => JSON.stringify(r)).join(', ')}${kindOf(issue.input, 'role')}` : undefined,
  },
);
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** reference `ChatFunctionTool` (function branch). */
export const ChatFunctionToolSchema = z.looseObject({
  type: z.literal('function'),
  function: z.looseObject({
    name: z.string().min(1, { error: 'must be a non-empty string' }).max(CHAT_LIMITS.nameMaxChars),
    description: z.string().nullable().optional(),
    parameters: z.record(z.string(), z.unknown()).nullable().optional(),
    strict: z.boolean().nullable().optional(),
  }),
  cache_control: CacheControlSchema.optional(),
});
export type ChatFunctionTool = z.infer<typeof ChatFunctionToolSchema>;

/**
 * One `tools` item: a checked function tool, or a server tool (`gateway:web_search`,
 * `web_search_preview`, ...) accepted by its `type` as on /responses (reference `ChatFunctionTool`).
 */
export const ChatToolSchema = z.union([ChatFunctionToolSchema, otherKindSchema('type', ['function'])]);
export type ChatTool = z.infer<typeof ChatToolSchema>;

/** reference `ChatToolChoice`: `none`, `auto`, `required`, a named function, or a server tool by `type`. */
export const ChatToolChoiceSchema = z.union([
  z.enum(['none', 'auto', 'required']),
  z.looseObject({ type: z.literal('function'), function: z.looseObject({ name: z.string() }) }),
  otherKindSchema('type', ['function']),
]);
export type ChatToolChoice = z.infer<typeof ChatToolChoiceSchema>;

/** reference `ChatJsonSchemaConfig`. */
export const ChatJsonSchemaConfigSchema = z.looseObject({
  name: z.string().max(CHAT_LIMITS.nameMaxChars),
  schema: z.record(z.string(), z.unknown()).optional(),
  strict: z.boolean().nullable().optional(),
  description: z.string().optional(),
});

/** reference `ChatRequest.response_format`: text, json_object, json_schema, grammar, python. */
export const ChatResponseFormatSchema = z.discriminatedUnion(
  'type',
  [
    z.looseObject({ type: z.literal('text') }),
    z.looseObject({ type: z.literal('json_object') }),
    z.looseObject({ type: z.literal('json_schema'), json_schema: ChatJsonSchemaConfigSchema }),
    z.looseObject({ type: z.literal('grammar'), grammar: z.string() }),
    z.looseObject({ type: z.literal('python') }),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union' ? `must be one of "text", "json_object", "json_schema", "grammar", "python"${kindOf(issue.input, 'type')}` : undefined,
  },
);
export type ChatResponseFormat = z.infer<typeof ChatResponseFormatSchema>;

/** reference `ChatRequest.reasoning`: effort and summary, plus the gateway's shared members (`max_tokens`, `exclude`, `enabled`). */
export const ChatReasoningSchema = ReasoningConfigSchema;

/**
 * reference `ChatRequest`: `messages` (at least one) and the sampling, tool, format, routing and
 * gateway members. Unknown members are accepted (clients send extras), as on /responses.
 * Cross-member conflicts (422) are checked after the schema (surfaces/chat).
 *
 * @example
 * ChatRequestSchema.parse({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] });
 */
export const ChatRequestSchema = z.looseObject({
  messages: z.array(ChatMessageSchema).min(1),
  model: z.string().optional(),
  models: z.array(z.string()).optional(),
  cache_control: CacheControlSchema.optional(),
  debug: DebugOptionsSchema.optional(),
  frequency_penalty: z.number().nullable().optional(),
  image_config: ImageConfigSchema.optional(),
  logit_bias: z.record(z.string(), z.number()).nullable().optional(),
  logprobs: z.boolean().nullable().optional(),
  // A negative token budget is meaningless (same rule as max_output_tokens on /responses).
  max_completion_tokens: z.number().int().min(0).nullable().optional(),
  max_tokens: z.number().int().min(0).nullable().optional(),
  metadata: RequestMetadataSchema.nullable().optional(),
  min_p: z.number().nullable().optional(),
  modalities: z.array(z.enum(CHAT_MODALITIES)).optional(),
  parallel_tool_calls: z.boolean().nullable().optional(),
  plugins: PluginsSchema.optional(),
  prediction: z.unknown().optional(),
  presence_penalty: z.number().nullable().optional(),
  prompt_cache_key: z.string().nullable().optional(),
  prompt_cache_options: PromptCacheOptionsSchema.nullable().optional(),
  provider: ProviderPreferencesSchema.nullable().optional(),
  reasoning: ChatReasoningSchema.nullable().optional(),
  reasoning_effort: z.enum(REASONING_EFFORTS).nullable().optional(),
  repetition_penalty: z.number().nullable().optional(),
  response_format: ChatResponseFormatSchema.optional(),
  route: z.unknown().optional(),
  seed: z.number().int().nullable().optional(),
  service_tier: z.enum(CHAT_SERVICE_TIERS).nullable().optional(),
  session_id: z.string().max(CHAT_LIMITS.sessionIdMaxChars).optional(),
  stop: z.union([StopSequenceSchema, z.array(StopSequenceSchema).max(CHAT_LIMITS.stopMaxItems), z.null()]).optional(),
  stop_server_tools_when: z.unknown().optional(),
  stream: z.boolean().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullable().optional(),
  temperature: z.number().nullable().optional(),
  tool_choice: ChatToolChoiceSchema.optional(),
  tools: z.array(ChatToolSchema).optional(),
  top_a: z.number().nullable().optional(),
  top_k: z.number().int().nullable().optional(),
  top_logprobs: z.number().int().min(0).max(CHAT_LIMITS.topLogprobsMax).nullable().optional(),
  top_p: z.number().nullable().optional(),
  trace: z.unknown().optional(),
  user: z.string().max(CHAT_LIMITS.userMaxChars).optional(),
});
export type ChatRequest = z.infer<typeof ChatRequestSchema>;
