import { z } from 'zod';
import { CacheControlSchema } from './cache-control.ts';
import { InputItemSchema, InputTextPartSchema } from './items.ts';
import { PluginsSchema } from './plugins.ts';
import { ProviderPreferencesSchema } from './provider-preferences.ts';
import { ToolSchema } from './tools.ts';

// ---------------------------------------------------------------------------------------------
// Limits and enums of spec 2.1 / 8, exported so tests, arbitraries and docs use the same numbers.
// ---------------------------------------------------------------------------------------------

/** spec 2.1 / 8: the limits of the Responses request. */
export const RESPONSES_LIMITS = {
  metadataMaxPairs: 16,
  metadataKeyMaxChars: 64,
  metadataValueMaxChars: 512,
  sessionIdMaxChars: 256,
  userMaxChars: 256,
  maxToolCallsMax: 30,
  maxToolCallsDefault: 30,
} as const;

/** spec 2.1 `include` values. */
export const INCLUDE_VALUES = [
  'file_search_call.results',
  'message.input_image.image_url',
  'computer_call_output.output.image_url',
  'reasoning.encrypted_content',
  'code_interpreter_call.outputs',
] as const;

/** spec 2.1 `modalities` values. */
export const MODALITIES = ['text', 'image'] as const;

/** spec 2.1 `service_tier` values (null is also allowed). The reference's `fast` alias is not in the spec. */
export const SERVICE_TIERS = ['auto', 'default', 'flex', 'priority', 'scale'] as const;
/** What a request may send: the spec's values and the reference's `fast`, an alias of `priority` (the answer echoes `priority`). */
export const REQUEST_SERVICE_TIERS = [...SERVICE_TIERS, 'fast'] as const;

/** The request fields whose shape the spec does not show (note A). */
export const NOTE_A_FIELDS = ['reasoning', 'text', 'tool_choice', 'truncation', 'trace', 'stop_server_tools_when', 'route'] as const;
/** The note A fields the reference does not shape either: accepted as sent. */
export const LOOSE_NOTE_A_FIELDS = ['trace', 'stop_server_tools_when', 'route'] as const;

// ---------------------------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------------------------

/**
 * Characters as every length rule counts them: Unicode code points, the unit zod's string
 * bounds use (an emoji is one character, not two UTF-16 units).
 */
function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** spec 2.1 metadata: map string -> string; at most 16 pairs; keys <= 64 chars without brackets; values <= 512 chars. */
export const RequestMetadataSchema = z
  .record(
    z.string(),
    z
      .string({ error: (i) => (i.input === undefined ? undefined : `value must be a string (got ${i.input === null ? 'null' : typeof i.input})`) })
      .max(RESPONSES_LIMITS.metadataValueMaxChars, {
        error: (i) => `value: at most ${RESPONSES_LIMITS.metadataValueMaxChars} characters (got ${codePoints(i.input as string)})`,
      }),
  )
  .superRefine((map, ctx) => {
    const keys = Object.keys(map);
    if (keys.length > RESPONSES_LIMITS.metadataMaxPairs) {
      ctx.addIssue({ code: 'custom', message: `at most ${RESPONSES_LIMITS.metadataMaxPairs} pairs (got ${keys.length})` });
    }
    for (const key of keys) {
      const length = codePoints(key);
      if (length > RESPONSES_LIMITS.metadataKeyMaxChars) {
        ctx.addIssue({ code: 'custom', path: [key], message: `key: at most ${RESPONSES_LIMITS.metadataKeyMaxChars} characters (got ${length})` });
      }
      if (/[[\]]/.test(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'key must not contain brackets ([ or ])' });
    }
  });
export type RequestMetadata = z.infer<typeof RequestMetadataSchema>;

export { CACHE_CONTROL_TTLS, CacheControlSchema, type CacheControl } from './cache-control.ts';

/** spec 2.1 `prompt_cache_options`: `mode` only `explicit`; `ttl` free string or null. */
export const PromptCacheOptionsSchema = z.looseObject({
  mode: z.literal('explicit'),
  ttl: z.string().nullable().optional(),
});

/** spec 2.1 `prompt`: stored prompt template; `id` required, `variables` values string or input part. */
export const StoredPromptSchema = z.looseObject({
  id: z.string(),
  variables: z
    .record(
      z.string(),
      z.union([z.string(), InputTextPartSchema, z.looseObject({ type: z.literal('input_image') }), z.looseObject({ type: z.literal('input_file') })]),
    )
    .nullable()
    .optional(),
});

/** spec 2.1 `debug`: `echo_upstream_body` boolean (effective only with `stream: true`; spec 6.3). */
export const DebugOptionsSchema = z.looseObject({ echo_upstream_body: z.boolean().optional() });

/** spec 2.1 `image_config`: free map of string, number or array values. */
export const ImageConfigSchema = z.record(z.string(), z.union([z.string(), z.number(), z.array(z.unknown())]));

// Note A fields. The spec shows no shape for them; the reference does for four (`reasoning`,
// `text`, `tool_choice`, `truncation`), so those are validated with the reference's shapes and
// enums (a typo such as `effort: "hgih"` is a 400, decision 0002). The other three (`trace`,
// `stop_server_tools_when`, `route`) stay loose: the reference disagrees with the spec's
// top-level kind for two of them, so nothing reliable is known.

/** Reference `ReasoningEffort` values. */
export const REASONING_EFFORTS = ['max', 'xhigh', 'high', 'medium', 'low', 'minimal', 'none'] as const;
/** Reference `ReasoningSummaryVerbosity` values. */
export const REASONING_SUMMARIES = ['auto', 'concise', 'detailed'] as const;
/** Reference `TextExtendedConfig.verbosity` values. */
export const TEXT_VERBOSITIES = ['low', 'medium', 'high', 'xhigh', 'max'] as const;
/** Reference `OpenAIResponsesTruncation` values (null is also allowed). */
export const TRUNCATION_VALUES = ['auto', 'disabled'] as const;
/** Reference `OpenAIResponsesToolChoice` string modes. */
export const TOOL_CHOICE_MODES = ['auto', 'none', 'required'] as const;
/**
 * `tool_choice` object kinds that force a hosted tool: the reference's (`web_search_preview*`,
 * `apply_patch`, `shell`) plus the hosted tool kinds spec 2.4.1 names that OpenAI clients may force
 * (file search, computer use, code interpreter, MCP, image generation, custom, web search) and
 * every `gateway:<tool>` server tool. `function` and `allowed_tools` have shapes of their own.
 */
export const HOSTED_TOOL_CHOICE_TYPES = [
  'web_search_preview',
  'web_search_preview_2025_03_11',
  'web_search',
  'web_search_2025_08_26',
  'apply_patch',
  'shell',
  'file_search',
  'computer_use_preview',
  'code_interpreter',
  'mcp',
  'image_generation',
  'custom',
] as const;

/** Reference `ReasoningConfig` (plus the gateway's `exclude`): every member optional, each checked. */
export const ReasoningConfigSchema = z.looseObject({
  effort: z.enum(REASONING_EFFORTS).nullable().optional(),
  summary: z.enum(REASONING_SUMMARIES).nullable().optional(),
  enabled: z.boolean().nullable().optional(),
  // The reference says integer; a negative budget is meaningless (same rule as max_output_tokens).
  max_tokens: z.number().int().min(0).nullable().optional(),
  // Reasoning runs and is billed, but the item is left out of the answer.
  exclude: z.boolean().nullable().optional(),
  mode: z.enum(['standard', 'pro']).nullable().optional(),
  context: z.enum(['auto', 'all_turns', 'current_turn']).nullable().optional(),
});
export type ReasoningConfig = z.infer<typeof ReasoningConfigSchema>;

/** Reference `Formats` kinds. */
export const TEXT_FORMAT_TYPES = ['text', 'json_object', 'json_schema'] as const;

/**
 * Reference `Formats`: `{type: "text"}`, `{type: "json_object"}`, or `FormatJsonSchemaConfig`
 * (`{type: "json_schema", name, schema, strict?, description?}`, `name` and `schema` required).
 */
export const TextFormatSchema = z
  .looseObject({
    type: z.enum(TEXT_FORMAT_TYPES),
    name: z.string().optional(),
    schema: z.record(z.string(), z.unknown()).optional(),
    strict: z.boolean().nullable().optional(),
    description: z.string().optional(),
  })
  .superRefine((format, ctx) => {
    if (format.type !== 'json_schema') return;
    if (format.name === undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: 'required (expected string)' });
    if (format.schema === undefined) ctx.addIssue({ code: 'custom', path: ['schema'], message: 'required (expected object: the JSON Schema of the answer)' });
  });
export type TextFormat = z.infer<typeof TextFormatSchema>;
/** A `json_schema` text format after validation. */
export type JsonSchemaFormat = TextFormat & { type: 'json_schema'; name: string; schema: Record<string, unknown> };

/** Reference `TextExtendedConfig`: `format` and `verbosity`. */
export const TextConfigSchema = z.looseObject({
  format: TextFormatSchema.optional(),
  verbosity: z.enum(TEXT_VERBOSITIES).nullable().optional(),
});
export type TextConfig = z.infer<typeof TextConfigSchema>;

const TOOL_CHOICE_OBJECT_TYPES = ['function', 'allowed_tools', ...HOSTED_TOOL_CHOICE_TYPES] as const;

/**
 * Reference `OpenAIResponsesToolChoice`: `auto`, `none`, `required`, `{type: "function", name}`,
 * `{type: "allowed_tools", mode, tools}`, or a hosted tool kind (`{type: "web_search_preview"}`,
 * `{type: "gateway:web_search"}`, ...). One object schema with a check per kind, so a typo in
 * `type` is reported as such (not as a failed branch of a union).
 */
export const ToolChoiceSchema = z.union([
  z.enum(TOOL_CHOICE_MODES),
  z
    .looseObject({
      type: z.string(),
      name: z.string().optional(),
      mode: z.enum(['auto', 'required']).optional(),
      tools: z.array(z.record(z.string(), z.unknown())).optional(),
    })
    .superRefine((choice, ctx) => {
      if (choice.type === 'function') {
        if (choice.name === undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: 'required (expected string)' });
      } else if (choice.type === 'allowed_tools') {
        if (choice.mode === undefined) ctx.addIssue({ code: 'custom', path: ['mode'], message: 'required (one of "auto", "required")' });
        if (choice.tools === undefined) ctx.addIssue({ code: 'custom', path: ['tools'], message: 'required (expected array)' });
      } else if (!(HOSTED_TOOL_CHOICE_TYPES as readonly string[]).includes(choice.type) && !/^gateway:[a-z_]+$/.test(choice.type)) {
        const known = TOOL_CHOICE_OBJECT_TYPES.map((t) => JSON.stringify(t)).join(', ');
        ctx.addIssue({ code: 'custom', path: ['type'], message: `must be one of ${known} or "gateway:<tool>" (got ${JSON.stringify(choice.type)})` });
      }
    }),
]);
export type ToolChoice = z.infer<typeof ToolChoiceSchema>;

/** @deprecated Older names of the shapes above (kept so existing imports keep working). */
export const ReasoningConfigViewSchema = ReasoningConfigSchema;
export type ReasoningConfigView = ReasoningConfig;
/** @deprecated see {@link TextConfigSchema}. */
export const TextConfigViewSchema = TextConfigSchema;
export type TextConfigView = TextConfig;
/** @deprecated see {@link ToolChoiceSchema}. */
export const ToolChoiceViewSchema = ToolChoiceSchema;
export type ToolChoiceView = ToolChoice;

const noteA = z.unknown().optional();

// ---------------------------------------------------------------------------------------------
// The request
// ---------------------------------------------------------------------------------------------

/**
 * spec 2.1: the Responses request body with every stated rule. Unknown top-level fields are
 * accepted (clients send extras); note A fields are checked with the reference's shapes where it
 * gives one (`reasoning`, `text`, `tool_choice`, `truncation`), the rest accepted as sent.
 * Cross-field conflicts (422) are not part of the schema: see `validateResponsesRequest`.
 *
 * @example
 * const req = ResponsesRequestSchema.parse({ model: 'alpha/chat', input: 'Hello', metadata: { run: '1' } });
 */
export const ResponsesRequestSchema = z.looseObject({
  background: z.boolean().nullable().optional(),
  cache_control: CacheControlSchema.optional(),
  debug: DebugOptionsSchema.optional(),
  frequency_penalty: z.number().nullable().optional(),
  image_config: ImageConfigSchema.optional(),
  include: z.array(z.enum(INCLUDE_VALUES)).nullable().optional(),
  input: z.union([z.string(), z.array(InputItemSchema)]).optional(),
  instructions: z.string().nullable().optional(),
  // spec states no bound; a negative token budget is meaningless, so >= 0 (simulator choice).
  max_output_tokens: z.number().int().min(0).nullable().optional(),
  // spec 2.1 / 8: default 30, which is also the maximum.
  max_tool_calls: z.number().int().min(0).max(RESPONSES_LIMITS.maxToolCallsMax).nullable().optional(),
  metadata: RequestMetadataSchema.nullable().optional(),
  modalities: z.array(z.enum(MODALITIES)).optional(),
  model: z.string().optional(),
  models: z.array(z.string()).optional(),
  parallel_tool_calls: z.boolean().nullable().optional(),
  plugins: PluginsSchema.optional(),
  presence_penalty: z.number().nullable().optional(),
  // spec 1.3 / 2.1 / 7: the operation is stateless; any non-null value is a 400.
  previous_response_id: z
    .unknown()
    .refine((v) => v === null || v === undefined, { error: 'not supported; send the whole conversation in input (spec 1.3)' })
    .optional(),
  prompt: StoredPromptSchema.nullable().optional(),
  prompt_cache_key: z.string().nullable().optional(),
  prompt_cache_options: PromptCacheOptionsSchema.nullable().optional(),
  // spec 2.4 types it object; the reference also allows null.
  provider: ProviderPreferencesSchema.nullable().optional(),
  reasoning: ReasoningConfigSchema.nullable().optional(),
  route: noteA,
  safety_identifier: z.string().nullable().optional(),
  service_tier: z.enum(REQUEST_SERVICE_TIERS).nullable().optional(),
  session_id: z.string().max(RESPONSES_LIMITS.sessionIdMaxChars).optional(),
  stop_server_tools_when: noteA,
  // spec 2.1: constant false.
  store: z.literal(false, { error: 'only false is supported (responses are not stored; spec 1.3)' }).optional(),
  stream: z.boolean().optional(),
  temperature: z.number().nullable().optional(),
  text: TextConfigSchema.optional(),
  tool_choice: ToolChoiceSchema.optional(),
  tools: z.array(ToolSchema).optional(),
  top_k: z.number().int().optional(),
  top_logprobs: z.number().int().nullable().optional(),
  top_p: z.number().nullable().optional(),
  trace: noteA,
  truncation: z.enum(TRUNCATION_VALUES).nullable().optional(),
  user: z.string().max(RESPONSES_LIMITS.userMaxChars).optional(),
});
export type ResponsesRequest = z.infer<typeof ResponsesRequestSchema>;
