import { z } from 'zod';
import { isBase64 } from '../bytes/decode-base64.ts';
import { otherKindSchema } from './other-kind.ts';
import { PluginsSchema } from './plugins.ts';
import { ProviderPreferencesSchema } from './provider-preferences.ts';
import { STOP_LIMITS, StopSequenceSchema } from './stop-sequence.ts';
import { CacheControlSchema, RESPONSES_LIMITS } from './responses-request.ts';

/** The limits of the Messages request the gateway checks (reference `MessagesRequest`, Anthropic's documented minimum thinking budget). */
export const MESSAGES_LIMITS = {
  /** Anthropic refuses a thinking budget under 1,024 tokens. */
  thinkingBudgetMin: 1024,
  /** reference `MessagesRequest.fallbacks`: at most 3 entries. */
  fallbacksMax: 3,
  sessionIdMaxChars: RESPONSES_LIMITS.sessionIdMaxChars,
  userMaxChars: RESPONSES_LIMITS.userMaxChars,
} as const;

/** reference `AnthropicImageMimeType`. */
export const IMAGE_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

const cacheControl = CacheControlSchema.nullable().optional();

/** reference `AnthropicTextBlockParam`: `{type: "text", text}`; citations accepted as sent. */
export const TextBlockParamSchema = z.looseObject({
  type: z.literal('text'),
  text: z.string(),
  cache_control: cacheControl,
  citations: z.array(z.unknown()).nullable().optional(),
});
export type TextBlockParam = z.infer<typeof TextBlockParamSchema>;

/** A base64 source's `data` (docs/messages.md: images and documents are checked): non-empty base64. */
const Base64DataSchema = z.string().min(1).refine(isBase64, { message: 'is not valid base64 (the standard or URL-safe alphabet, padded or not)' });

/** reference `AnthropicBase64ImageSource` / `AnthropicUrlImageSource` (a file id is accepted by kind). */
export const ImageSourceSchema = z.union([
  z.looseObject({ type: z.literal('base64'), media_type: z.enum(IMAGE_MEDIA_TYPES), data: Base64DataSchema }),
  z.looseObject({ type: z.literal('url'), url: z.string() }),
  otherKindSchema('type', ['base64', 'url']),
]);

/** reference `AnthropicImageBlockParam`. */
export const ImageBlockParamSchema = z.looseObject({ type: z.literal('image'), source: ImageSourceSchema, cache_control: cacheControl });
export type ImageBlockParam = z.infer<typeof ImageBlockParamSchema>;

/** reference `AnthropicDocumentBlockParam` sources: base64 PDF, plain text, URL PDF, content blocks, file. */
export const DocumentSourceSchema = z.union([
  z.looseObject({ type: z.literal('base64'), media_type: z.literal('application/pdf'), data: Base64DataSchema }),
  z.looseObject({ type: z.literal('text'), media_type: z.literal('text/plain'), data: z.string() }),
  z.looseObject({ type: z.literal('url'), url: z.string() }),
  z.looseObject({ type: z.literal('content'), content: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]) }),
  otherKindSchema('type', ['base64', 'text', 'url', 'content']),
]);

/** reference `AnthropicDocumentBlockParam`. */
export const DocumentBlockParamSchema = z.looseObject({
  type: z.literal('document'),
  source: DocumentSourceSchema,
  title: z.string().nullable().optional(),
  context: z.string().nullable().optional(),
  cache_control: cacheControl,
});
export type DocumentBlockParam = z.infer<typeof DocumentBlockParamSchema>;

/** A `tool_use` block sent back in an assistant turn: `id`, `name`, `input` (the arguments object). */
export const ToolUseBlockParamSchema = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.unknown().optional(),
  cache_control: cacheControl,
});
export type ToolUseBlockParam = z.infer<typeof ToolUseBlockParamSchema>;

/** The client's answer to a `tool_use`: `tool_use_id`, `content` (string or blocks), `is_error`. */
export const ToolResultBlockParamSchema = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]).optional(),
  is_error: z.boolean().optional(),
  cache_control: cacheControl,
});
export type ToolResultBlockParam = z.infer<typeof ToolResultBlockParamSchema>;

/** A thinking block sent back: `thinking` and the `signature` the gateway gave it. */
export const ThinkingBlockParamSchema = z.looseObject({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() });
export type ThinkingBlockParam = z.infer<typeof ThinkingBlockParamSchema>;

/** A redacted thinking block sent back: opaque `data`. */
export const RedactedThinkingBlockParamSchema = z.looseObject({ type: z.literal('redacted_thinking'), data: z.string() });

const KNOWN_BLOCK_TYPES = ['text', 'image', 'document', 'tool_use', 'tool_result', 'thinking', 'redacted_thinking'] as const;

/**
 * One content block of a message (reference `MessagesMessageParam.content`): the kinds the
 * gateway reads are checked; server-tool results, search results and the rest are accepted by
 * `type` (their text, when they carry any, still reaches the model).
 */
export const ContentBlockParamSchema = z.union([
  TextBlockParamSchema,
  ImageBlockParamSchema,
  DocumentBlockParamSchema,
  ToolUseBlockParamSchema,
  ToolResultBlockParamSchema,
  ThinkingBlockParamSchema,
  RedactedThinkingBlockParamSchema,
  otherKindSchema('type', KNOWN_BLOCK_TYPES),
]);
export type ContentBlockParam = z.infer<typeof ContentBlockParamSchema>;

/** reference `MessagesMessageParam`: `role` user, assistant or system (an OpenRouter extension); `content` string or blocks. */
export const MessageParamSchema = z.looseObject({
  role: z.enum(['user', 'assistant', 'system']),
  content: z.union([z.string(), z.array(ContentBlockParamSchema)]),
});
export type MessageParam = z.infer<typeof MessageParamSchema>;

/** A custom (client) tool: `name`, `input_schema` (a JSON Schema object), optional `description`. */
export const CustomToolSchema = z.looseObject({
  type: z.union([z.literal('custom'), z.null()]).optional(),
  name: z.string().min(1, { error: 'must be a non-empty string' }),
  description: z.string().optional(),
  input_schema: z.looseObject({ type: z.string().optional(), properties: z.unknown().optional(), required: z.array(z.string()).nullable().optional() }),
  cache_control: cacheControl,
  strict: z.boolean().optional(),
});
export type CustomTool = z.infer<typeof CustomToolSchema>;

/**
 * One `tools` item: a custom tool (no `type`, or `custom`), or an Anthropic server tool
 * (`web_search_20250305`, `bash_20250124`, ..., and the gateway's `gateway:*` tools, which carry no
 * `name` in the reference) whose `type` is checked and the rest accepted as sent.
 */
export const MessagesToolSchema = z.union([CustomToolSchema, otherKindSchema('type', ['custom']).extend({ name: z.string().optional() })]);
export type MessagesTool = z.infer<typeof MessagesToolSchema>;

/** reference `MessagesRequest.tool_choice`: `auto`, `any`, `none`, or `{type: "tool", name}`. */
export const MessagesToolChoiceSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('auto'), disable_parallel_tool_use: z.boolean().optional() }),
  z.looseObject({ type: z.literal('any'), disable_parallel_tool_use: z.boolean().optional() }),
  z.looseObject({ type: z.literal('none') }),
  z.looseObject({ type: z.literal('tool'), name: z.string(), disable_parallel_tool_use: z.boolean().optional() }),
]);
export type MessagesToolChoice = z.infer<typeof MessagesToolChoiceSchema>;

/** reference `AnthropicThinkingDisplay`. */
export const THINKING_DISPLAYS = ['summarized', 'omitted'] as const;

/** reference `MessagesRequest.thinking`: enabled with a `budget_tokens`, disabled, or adaptive. */
export const ThinkingConfigSchema = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('enabled'),
    budget_tokens: z.number().int().min(MESSAGES_LIMITS.thinkingBudgetMin),
    display: z.enum(THINKING_DISPLAYS).nullable().optional(),
  }),
  z.looseObject({ type: z.literal('disabled') }),
  z.looseObject({ type: z.literal('adaptive'), display: z.enum(THINKING_DISPLAYS).nullable().optional() }),
]);
export type ThinkingConfig = z.infer<typeof ThinkingConfigSchema>;

/** reference `MessagesOutputConfig.effort` values. */
export const OUTPUT_EFFORTS = ['low', 'medium', 'high', 'xhigh', 'max'] as const;

/** reference `MessagesOutputConfig`: `effort`, and `format` (a JSON Schema the answer follows). */
export const OutputConfigSchema = z.looseObject({
  effort: z.enum(OUTPUT_EFFORTS).nullable().optional(),
  format: z
    .looseObject({ type: z.literal('json_schema'), schema: z.record(z.string(), z.unknown()) })
    .nullable()
    .optional(),
  // reference `task_budget`: advisory (no hard cap), so checked and otherwise not acted on.
  task_budget: z
    .looseObject({ type: z.literal('tokens'), total: z.number().int().min(20_000), remaining: z.number().int().min(0).nullable().optional() })
    .nullable()
    .optional(),
});

/** reference `AnthropicSpeed`: `fast` asks for a premium high-speed configuration; the simulator answers at one speed. */
export const MESSAGES_SPEEDS = ['fast', 'standard'] as const;

/**
 * The Anthropic Messages request (reference `MessagesRequest`) with the gateway's own `models`,
 * `provider`, `plugins` and `session_id`. `max_tokens` is optional, as in the reference (which
 * requires only `model` and `messages`): without it the answer is bounded by the model's own
 * output limit, as `/responses` without `max_output_tokens` is. Unknown top-level fields are accepted (clients
 * send extras such as `container` or `context_management`); they do not change the answer.
 *
 * @example
 * MessagesRequestSchema.parse({ model: 'anthropic/claude-sonnet-4.5', max_tokens: 256, messages: [{ role: 'user', content: 'Hi' }] });
 */
export const MessagesRequestSchema = z.looseObject({
  model: z.string().optional(),
  messages: z.array(MessageParamSchema),
  max_tokens: z.number().int().min(1).optional(),
  system: z.union([z.string(), z.array(TextBlockParamSchema)]).optional(),
  tools: z.array(MessagesToolSchema).optional(),
  tool_choice: MessagesToolChoiceSchema.optional(),
  thinking: ThinkingConfigSchema.optional(),
  stop_sequences: z
    .array(StopSequenceSchema.min(1, { error: 'must be a non-empty string' }))
    .max(STOP_LIMITS.messagesMaxItems)
    .optional(),
  metadata: z.looseObject({ user_id: z.string().max(MESSAGES_LIMITS.userMaxChars).nullable().optional() }).optional(),
  stream: z.boolean().optional(),
  temperature: z.number().optional(),
  top_p: z.number().optional(),
  top_k: z.number().int().min(0).optional(),
  output_config: OutputConfigSchema.optional(),
  cache_control: CacheControlSchema.optional(),
  service_tier: z.string().optional(),
  speed: z.enum(MESSAGES_SPEEDS).nullable().optional(),
  // reference `context_management`: server-side context edits; the simulator keeps the whole context, so edits are accepted and not applied.
  context_management: z
    .looseObject({ edits: z.array(z.looseObject({ type: z.string() })).optional() })
    .nullable()
    .optional(),
  // The loose note A fields of /responses (trace, stop_server_tools_when, route): accepted as sent, as there.
  trace: z.unknown().optional(),
  stop_server_tools_when: z.unknown().optional(),
  route: z.unknown().optional(),
  // The gateway's own members (spec 2.1, 2.4, 2.5), as on /responses.
  models: z.array(z.string()).optional(),
  fallbacks: z
    .array(z.looseObject({ model: z.string() }))
    .max(MESSAGES_LIMITS.fallbacksMax)
    .nullable()
    .optional(),
  provider: ProviderPreferencesSchema.nullable().optional(),
  plugins: PluginsSchema.optional(),
  session_id: z.string().max(MESSAGES_LIMITS.sessionIdMaxChars).optional(),
  user: z.string().max(MESSAGES_LIMITS.userMaxChars).optional(),
});
export type MessagesRequest = z.infer<typeof MessagesRequestSchema>;
