import { z } from 'zod';
import { AnnotationSchema, OutputItemSchema, OutputTextPartSchema, ReasoningTextPartSchema, RefusalPartSchema, SummaryTextPartSchema } from './items.ts';
import { ResponseSnapshotSchema, ResponsesResultSchema } from './responses-result.ts';

// Every event has `type` and a non-negative `sequence_number` (reference README).
const seq = z.number().int().min(0);
const index = z.number().int().min(0);

const lifecycle = <T extends string, S extends z.ZodType>(type: T, response: S) => z.looseObject({ type: z.literal(type), sequence_number: seq, response });

export const ResponseCreatedEventSchema = lifecycle('response.created', ResponseSnapshotSchema);
export const ResponseInProgressEventSchema = lifecycle('response.in_progress', ResponseSnapshotSchema);
/** Terminal events carry the whole response, with `output` and `usage` (reference README). */
export const ResponseCompletedEventSchema = lifecycle('response.completed', ResponsesResultSchema);
export const ResponseIncompleteEventSchema = lifecycle('response.incomplete', ResponsesResultSchema);
export const ResponseFailedEventSchema = lifecycle('response.failed', ResponsesResultSchema);

const itemEvent = <T extends string>(type: T) => z.looseObject({ type: z.literal(type), sequence_number: seq, output_index: index, item: OutputItemSchema });
export const OutputItemAddedEventSchema = itemEvent('response.output_item.added');
export const OutputItemDoneEventSchema = itemEvent('response.output_item.done');

const ContentPartSchema = z.union([OutputTextPartSchema, RefusalPartSchema, ReasoningTextPartSchema]);
const partEvent = <T extends string>(type: T) =>
  z.looseObject({ type: z.literal(type), sequence_number: seq, item_id: z.string(), output_index: index, content_index: index, part: ContentPartSchema });
export const ContentPartAddedEventSchema = partEvent('response.content_part.added');
export const ContentPartDoneEventSchema = partEvent('response.content_part.done');

const contentAddress = { item_id: z.string(), output_index: index, content_index: index };

/** spec 6.4: `type`, `item_id`, `output_index`, `content_index`, `delta`, `logprobs`, `sequence_number`. */
export const OutputTextDeltaEventSchema = z.looseObject({
  type: z.literal('response.output_text.delta'),
  sequence_number: seq,
  ...contentAddress,
  delta: z.string(),
  logprobs: z.array(z.unknown()),
});
export const OutputTextDoneEventSchema = z.looseObject({
  type: z.literal('response.output_text.done'),
  sequence_number: seq,
  ...contentAddress,
  text: z.string(),
  logprobs: z.array(z.unknown()).optional(),
});
export const OutputTextAnnotationAddedEventSchema = z.looseObject({
  type: z.literal('response.output_text.annotation.added'),
  sequence_number: seq,
  ...contentAddress,
  annotation_index: index,
  annotation: AnnotationSchema,
});

export const RefusalDeltaEventSchema = z.looseObject({ type: z.literal('response.refusal.delta'), sequence_number: seq, ...contentAddress, delta: z.string() });
export const RefusalDoneEventSchema = z.looseObject({ type: z.literal('response.refusal.done'), sequence_number: seq, ...contentAddress, refusal: z.string() });

export const FunctionCallArgumentsDeltaEventSchema = z.looseObject({
  type: z.literal('response.function_call_arguments.delta'),
  sequence_number: seq,
  item_id: z.string(),
  output_index: index,
  delta: z.string(),
});
export const FunctionCallArgumentsDoneEventSchema = z.looseObject({
  type: z.literal('response.function_call_arguments.done'),
  sequence_number: seq,
  item_id: z.string(),
  output_index: index,
  name: z.string(),
  arguments: z.string(),
});

export const ReasoningTextDeltaEventSchema = z.looseObject({
  type: z.literal('response.reasoning_text.delta'),
  sequence_number: seq,
  ...contentAddress,
  delta: z.string(),
});
export const ReasoningTextDoneEventSchema = z.looseObject({
  type: z.literal('response.reasoning_text.done'),
  sequence_number: seq,
  ...contentAddress,
  text: z.string(),
});

const summaryAddress = { item_id: z.string(), output_index: index, summary_index: index };
export const ReasoningSummaryPartAddedEventSchema = z.looseObject({
  type: z.literal('response.reasoning_summary_part.added'),
  sequence_number: seq,
  ...summaryAddress,
  part: SummaryTextPartSchema,
});
export const ReasoningSummaryPartDoneEventSchema = z.looseObject({
  type: z.literal('response.reasoning_summary_part.done'),
  sequence_number: seq,
  ...summaryAddress,
  part: SummaryTextPartSchema,
});
export const ReasoningSummaryTextDeltaEventSchema = z.looseObject({
  type: z.literal('response.reasoning_summary_text.delta'),
  sequence_number: seq,
  ...summaryAddress,
  delta: z.string(),
});
export const ReasoningSummaryTextDoneEventSchema = z.looseObject({
  type: z.literal('response.reasoning_summary_text.done'),
  sequence_number: seq,
  ...summaryAddress,
  text: z.string(),
});

/**
 * spec 6.3: the debug chunk that opens the stream when `debug.echo_upstream_body` is true. Its
 * `sequence_number` is optional, as in the reference `DebugEvent` (the simulator sends none).
 */
export const DebugEventSchema = z.looseObject({
  type: z.literal('response.debug'),
  sequence_number: seq.optional(),
  debug: z.looseObject({ echo_upstream_body: z.record(z.string(), z.unknown()).optional() }),
});

/** The flat in-stream error (reference README): `{type:"error", code, message, param, sequence_number}`. */
export const StreamErrorEventSchema = z.looseObject({
  type: z.literal('error'),
  sequence_number: seq,
  code: z.string().nullable(),
  message: z.string(),
  param: z.string().nullable(),
});

/** Reference `WebSearchCall{InProgress,Searching,Completed}Event`: progress of a web search call. */
const webSearchCallEvent = <T extends string>(type: T) =>
  z.looseObject({ type: z.literal(type), item_id: z.string(), output_index: z.number().int().min(0), sequence_number: z.number().int().min(0) });
export const WebSearchCallInProgressEventSchema = webSearchCallEvent('response.web_search_call.in_progress');
export const WebSearchCallSearchingEventSchema = webSearchCallEvent('response.web_search_call.searching');
export const WebSearchCallCompletedEventSchema = webSearchCallEvent('response.web_search_call.completed');

/**
 * A Responses stream event (spec 6; reference `StreamEvents`), discriminated by `type`: the events
 * the simulator emits. Reference events it never emits (code-interpreter, fusion
 * progress, ...) are not in the union; use {@link KNOWN_STREAM_EVENT_TYPES} to tell them apart.
 *
 * @example
 * const event = StreamEventSchema.parse(JSON.parse(sse.data));
 * if (event.type === 'response.output_text.delta') process.stdout.write(event.delta);
 */
export const StreamEventSchema = z.discriminatedUnion('type', [
  ResponseCreatedEventSchema,
  ResponseInProgressEventSchema,
  OutputItemAddedEventSchema,
  OutputItemDoneEventSchema,
  ContentPartAddedEventSchema,
  ContentPartDoneEventSchema,
  OutputTextDeltaEventSchema,
  OutputTextDoneEventSchema,
  OutputTextAnnotationAddedEventSchema,
  RefusalDeltaEventSchema,
  RefusalDoneEventSchema,
  FunctionCallArgumentsDeltaEventSchema,
  FunctionCallArgumentsDoneEventSchema,
  ReasoningTextDeltaEventSchema,
  ReasoningTextDoneEventSchema,
  ReasoningSummaryPartAddedEventSchema,
  ReasoningSummaryPartDoneEventSchema,
  ReasoningSummaryTextDeltaEventSchema,
  ReasoningSummaryTextDoneEventSchema,
  ResponseCompletedEventSchema,
  ResponseIncompleteEventSchema,
  ResponseFailedEventSchema,
  DebugEventSchema,
  StreamErrorEventSchema,
  WebSearchCallInProgressEventSchema,
  WebSearchCallSearchingEventSchema,
  WebSearchCallCompletedEventSchema,
]);
export type StreamEvent = z.infer<typeof StreamEventSchema>;
export type StreamEventType = StreamEvent['type'];

/** The `type` strings of {@link StreamEventSchema}. */
export const KNOWN_STREAM_EVENT_TYPES: readonly StreamEventType[] = StreamEventSchema.options.map((o) => o.shape.type.value);

/** The three terminal event types; a stream has exactly one of them before `[DONE]`. */
export const TERMINAL_EVENT_TYPES = ['response.completed', 'response.incomplete', 'response.failed'] as const;
