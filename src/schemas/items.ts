import { z } from 'zod';
import { CacheControlSchema } from './cache-control.ts';
import { otherKindSchema } from './other-kind.ts';

// ---------------------------------------------------------------------------------------------
// Content parts and annotations (spec 2.3, reference ResponseOutputText / URLCitation)
// ---------------------------------------------------------------------------------------------

/** A `url_citation` annotation on output text (web plugin). */
export const UrlCitationSchema = z.looseObject({
  type: z.literal('url_citation'),
  url: z.string(),
  title: z.string(),
  start_index: z.number().int().min(0),
  end_index: z.number().int().min(0),
  content: z.string().optional(),
});
export type UrlCitation = z.infer<typeof UrlCitationSchema>;

export const FileCitationSchema = z.looseObject({
  type: z.literal('file_citation'),
  file_id: z.string(),
  filename: z.string(),
  index: z.number().int(),
});

export const FilePathAnnotationSchema = z.looseObject({
  type: z.literal('file_path'),
  file_id: z.string(),
  index: z.number().int(),
});

/** An output-text annotation: url/file citations checked, other kinds accepted by `type`. */
export const AnnotationSchema = z.union([
  UrlCitationSchema,
  FileCitationSchema,
  FilePathAnnotationSchema,
  otherKindSchema('type', ['url_citation', 'file_citation', 'file_path']),
]);
export type Annotation = z.infer<typeof AnnotationSchema>;

/** spec 2.3 output-text part: `type` = `output_text`, `text`, `annotations` array. */
export const OutputTextPartSchema = z.looseObject({
  type: z.literal('output_text'),
  text: z.string(),
  annotations: z.array(AnnotationSchema),
  logprobs: z.array(z.unknown()).optional(),
});
export type OutputTextPart = z.infer<typeof OutputTextPartSchema>;

/** spec 2.3 refusal part. */
export const RefusalPartSchema = z.looseObject({
  type: z.literal('refusal'),
  refusal: z.string(),
});
export type RefusalPart = z.infer<typeof RefusalPartSchema>;

/** spec 2.3 reasoning content `{type: reasoning_text, text}`. */
export const ReasoningTextPartSchema = z.looseObject({ type: z.literal('reasoning_text'), text: z.string() });
export type ReasoningTextPart = z.infer<typeof ReasoningTextPartSchema>;

/** spec 2.3 reasoning summary `{type: summary_text, text}`. */
export const SummaryTextPartSchema = z.looseObject({ type: z.literal('summary_text'), text: z.string() });
export type SummaryTextPart = z.infer<typeof SummaryTextPartSchema>;

/**
 * Reference `InputText` (`prompt_cache_breakpoint` passing as sent). A `cache_control` on the part
 * is spec 2.1's explicit breakpoint: the same object as at the top level, `type` only `ephemeral`.
 */
export const InputTextPartSchema = z.looseObject({
  type: z.literal('input_text'),
  text: z.string(),
  cache_control: CacheControlSchema.optional(),
  // reference `PromptCacheBreakpoint`: an OpenAI-style cache boundary; the simulated cache keys on the prefix either way.
  prompt_cache_breakpoint: z
    .looseObject({ mode: z.literal('explicit') })
    .nullable()
    .optional(),
});
export type InputTextPart = z.infer<typeof InputTextPartSchema>;

/** Reference `InputImage` (`detail` is required there; a missing one means `auto` here). */
export const InputImagePartSchema = z.looseObject({
  type: z.literal('input_image'),
  detail: z.enum(['auto', 'high', 'low', 'original']).optional(),
  image_url: z.string().nullable().optional(),
});

/** Reference `InputFile`. */
export const InputFilePartSchema = z.looseObject({
  type: z.literal('input_file'),
  file_data: z.string().optional(),
  file_id: z.string().nullable().optional(),
  file_url: z.string().optional(),
  filename: z.string().optional(),
});

/** A content part of an input message: text, image and file parts checked, audio/video/... accepted by `type`. */
export const InputContentPartSchema = z.union([
  InputTextPartSchema,
  InputImagePartSchema,
  InputFilePartSchema,
  // An assistant message sent back as input carries output parts; annotations may be omitted then.
  OutputTextPartSchema.extend({ annotations: z.array(AnnotationSchema).optional() }),
  RefusalPartSchema,
  otherKindSchema('type', ['input_text', 'input_image', 'input_file', 'output_text', 'refusal']),
]);
export type InputContentPart = z.infer<typeof InputContentPartSchema>;

const itemStatus = z.enum(['completed', 'incomplete', 'in_progress']);

// ---------------------------------------------------------------------------------------------
// Output items (spec 2.2 / 2.3): what a result's `output` holds
// ---------------------------------------------------------------------------------------------

/** spec 2.3 output message: `type` message, `id`, `role` assistant, `status`, `content` parts. */
export const OutputMessageSchema = z.looseObject({
  type: z.literal('message'),
  id: z.string(),
  role: z.literal('assistant'),
  status: itemStatus,
  content: z.array(z.union([OutputTextPartSchema, RefusalPartSchema])),
  phase: z.enum(['commentary', 'final_answer']).nullable().optional(),
});
export type OutputMessage = z.infer<typeof OutputMessageSchema>;

/** spec 2.3 output reasoning: `id`, `status`, `format`, `signature`, `content`, `summary`. */
export const ReasoningItemSchema = z.looseObject({
  type: z.literal('reasoning'),
  id: z.string(),
  status: itemStatus.optional(),
  format: z.string().nullable().optional(),
  signature: z.string().nullable().optional(),
  content: z.array(ReasoningTextPartSchema).nullable().optional(),
  summary: z.array(SummaryTextPartSchema).nullable(),
  encrypted_content: z.string().nullable().optional(),
});
export type ReasoningItem = z.infer<typeof ReasoningItemSchema>;

/** Reference `OutputItemFunctionCall`: a tool call the client must run. `arguments` is a JSON string. */
export const FunctionCallItemSchema = z.looseObject({
  type: z.literal('function_call'),
  id: z.string().optional(),
  call_id: z.string(),
  name: z.string(),
  arguments: z.string(),
  status: itemStatus.optional(),
});
export type FunctionCallItem = z.infer<typeof FunctionCallItemSchema>;

/** Output item kinds whose shapes are checked. */
export const KNOWN_OUTPUT_ITEM_TYPES = ['message', 'reasoning', 'function_call'] as const;

/**
 * One item of a result's `output`: message, reasoning and function call checked; server-tool and
 * other call items (shapes not shown) accepted by `type`.
 */
export const OutputItemSchema = z.union([OutputMessageSchema, ReasoningItemSchema, FunctionCallItemSchema, otherKindSchema('type', KNOWN_OUTPUT_ITEM_TYPES)]);
export type OutputItem = z.infer<typeof OutputItemSchema>;

// ---------------------------------------------------------------------------------------------
// Input items (spec 2.3): what a request's `input` array holds
// ---------------------------------------------------------------------------------------------

/** Message roles of the reference (`EasyInputMessage`, `InputMessageItem`, `OutputMessage`). */
export const MESSAGE_ROLES = ['user', 'system', 'assistant', 'developer'] as const;

/**
 * spec 2.3 easy input message / input message item / output message sent back: `role`,
 * `content` (string, null or array of parts), `type` = `message` optional.
 */
export const InputMessageSchema = z.looseObject({
  type: z.literal('message').optional(),
  role: z.enum(MESSAGE_ROLES),
  content: z.union([z.string(), z.null(), z.array(InputContentPartSchema)]).optional(),
  id: z.string().optional(),
  status: z.string().optional(),
});
export type InputMessage = z.infer<typeof InputMessageSchema>;

/** A reasoning item sent back as input: content/summary checked when present. */
export const InputReasoningItemSchema = z.looseObject({
  type: z.literal('reasoning'),
  id: z.string().optional(),
  encrypted_content: z.string().nullable().optional(),
  content: z.array(ReasoningTextPartSchema).nullable().optional(),
  summary: z.array(SummaryTextPartSchema).nullable().optional(),
});

/** A function call sent back as input (shape not shown in the spec; reference `OutputItemFunctionCall`: `call_id`, `name`, `arguments` required). */
export const InputFunctionCallItemSchema = z.looseObject({
  type: z.literal('function_call'),
  call_id: z.string(),
  name: z.string(),
  arguments: z.string(),
});

/** The client's answer to a function call (shape not shown in the spec; reference `OpenAIResponseFunctionToolCallOutput`: `call_id` and `output` required). */
export const FunctionCallOutputItemSchema = z.looseObject({
  type: z.literal('function_call_output'),
  call_id: z.string(),
  output: z.union([z.string(), z.array(InputContentPartSchema)]),
});
export type FunctionCallOutputItem = z.infer<typeof FunctionCallOutputItemSchema>;

/** Input item kinds whose shapes are checked; every other `type` string is accepted as sent. */
export const KNOWN_INPUT_ITEM_TYPES = ['message', 'reasoning', 'function_call', 'function_call_output'] as const;

/**
 * One item of `input` (spec 2.3): messages (with or without `type`), reasoning, function calls
 * and outputs checked; the many kinds whose shapes are not shown accepted by `type`.
 *
 * @example
 * InputItemSchema.parse({ role: 'user', content: 'Hello' });
 * InputItemSchema.parse({ type: 'item_reference', id: 'msg_1' });
 */
export const InputItemSchema = z.union([
  InputMessageSchema,
  InputReasoningItemSchema,
  InputFunctionCallItemSchema,
  FunctionCallOutputItemSchema,
  otherKindSchema('type', KNOWN_INPUT_ITEM_TYPES, { required: false }),
]);
export type InputItem = z.infer<typeof InputItemSchema>;
