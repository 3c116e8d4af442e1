import { z } from 'zod';
import { InputItemSchema, InputTextPartSchema } from './items.ts';
import { PluginSchema } from './plugins.ts';
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

/** The request fields whose shape the spec does not show (note A): accepted as sent. */
export const NOTE_A_FIELDS = ['reasoning', 'text', 'tool_choice', 'truncation', 'trace', 'stop_server_tools_when', 'route'] as const;

// ---------------------------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------------------------

/** spec 2.1 metadata: map string -> string; at most 16 pairs; keys <= 64 chars without brackets; values <= 512 chars. */
export const RequestMetadataSchema = z
  .record(
    z.string(),
    z.string({ error: (i) => (i.input === undefined ? undefined : `value must be a string (got ${i.input === null ? 'null' : typeof i.input})`) }).max(RESPONSES_LIMITS.metadataValueMaxChars, {
      error: (i) => `value: at most ${RESPONSES_LIMITS.metadataValueMaxChars} characters (got ${(i.input as string).length})`,
    }),
  )
  .superRefine((map, ctx) => {
    const keys = Object.keys(map);
    if (keys.length > RESPONSES_LIMITS.metadataMaxPairs) {
      ctx.addIssue({ code: 'custom', message: `at most ${RESPONSES_LIMITS.metadataMaxPairs} pairs (got ${keys.length})` });
    }
    for (const key of keys) {
      if (key.length > RESPONSES_LIMITS.metadataKeyMaxChars) {
        ctx.addIssue({ code: 'custom', path: [key], message: `key: at most ${RESPONSES_LIMITS.metadataKeyMaxChars} characters (got ${key.length})` });
      }
      if (/[[\]]/.test(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'key must not contain brackets ([ or ])' });
    }
  });
export type RequestMetadata = z.infer<typeof RequestMetadataSchema>;

/** spec 2.1 `cache_control`: `type` only `ephemeral`; `ttl` values not stated (note E), so any string. */
export const CacheControlSchema = z.looseObject({
  type: z.literal('ephemeral'),
  ttl: z.string().optional(),
});
export type CacheControl = z.infer<typeof CacheControlSchema>;

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
      z.union([
        z.string(),
        InputTextPartSchema,
        z.looseObject({ type: z.literal('input_image') }),
        z.looseObject({ type: z.literal('input_file') }),
      ]),
    )
    .nullable()
    .optional(),
});

/** spec 2.1 `debug`: `echo_upstream_body` boolean (effective only with `stream: true`; spec 6.3). */
export const DebugOptionsSchema = z.looseObject({ echo_upstream_body: z.boolean().optional() });

/** spec 2.1 `image_config`: free map of string, number or array values. */
export const ImageConfigSchema = z.record(z.string(), z.union([z.string(), z.number(), z.array(z.unknown())]));

// Note A fields. The spec gives only their top-level kind and says the shapes are not shown, and the
// reference disagrees with the spec on some (`stop_server_tools_when` is an array there, `route` a
// string): they are accepted as sent, never rejected for being present. The loose "view" schemas
// below read the members the reference documents, for consumers that want them (safeParse).

/** Reference `ReasoningConfig` members, as a loose view for `request.reasoning`. */
export const ReasoningConfigViewSchema = z.looseObject({
  effort: z.string().nullable().optional(),
  summary: z.string().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
  max_tokens: z.number().nullable().optional(),
});
export type ReasoningConfigView = z.infer<typeof ReasoningConfigViewSchema>;

/** Reference `TextExtendedConfig` members, as a loose view for `request.text`. */
export const TextConfigViewSchema = z.looseObject({
  format: z.looseObject({ type: z.string() }).optional(),
  verbosity: z.string().nullable().optional(),
});
export type TextConfigView = z.infer<typeof TextConfigViewSchema>;

/** Reference `OpenAIResponsesToolChoice`: a mode string or an object with `type` (and `name` for functions). */
export const ToolChoiceViewSchema = z.union([z.string(), z.looseObject({ type: z.string(), name: z.string().optional() })]);
export type ToolChoiceView = z.infer<typeof ToolChoiceViewSchema>;

const noteA = z.unknown().optional();

// ---------------------------------------------------------------------------------------------
// The request
// ---------------------------------------------------------------------------------------------

/**
 * spec 2.1: the Responses request body with every stated rule. Unknown top-level fields are
 * accepted (clients send extras); fields whose shape is not shown (note A) are accepted as sent.
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
  plugins: z.array(PluginSchema).optional(),
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
  reasoning: noteA,
  route: noteA,
  safety_identifier: z.string().nullable().optional(),
  service_tier: z.enum(SERVICE_TIERS).nullable().optional(),
  session_id: z.string().max(RESPONSES_LIMITS.sessionIdMaxChars).optional(),
  stop_server_tools_when: noteA,
  // spec 2.1: constant false.
  store: z.literal(false, { error: 'only false is supported (responses are not stored; spec 1.3)' }).optional(),
  stream: z.boolean().optional(),
  temperature: z.number().nullable().optional(),
  text: noteA,
  tool_choice: noteA,
  tools: z.array(ToolSchema).optional(),
  top_k: z.number().int().optional(),
  top_logprobs: z.number().int().nullable().optional(),
  top_p: z.number().nullable().optional(),
  trace: noteA,
  truncation: noteA,
  user: z.string().max(RESPONSES_LIMITS.userMaxChars).optional(),
});
export type ResponsesRequest = z.infer<typeof ResponsesRequestSchema>;
