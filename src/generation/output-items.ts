import type { OutputItem as PublicOutputItem } from '../schemas/items.ts';
import type { ResponseSnapshot, ResponsesResult, ResponseStatus as PublicStatus } from '../schemas/responses-result.ts';
import type { Tool } from '../schemas/tools.ts';
import type { Usage } from '../schemas/usage.ts';
import type { PlannedServerTool, ServerToolUseDetails } from './server-tools.ts';
/** A `url_citation` annotation on output text (web plugin). */
export type UrlCitation = {
  type: 'url_citation';
  url: string;
  title: string;
  start_index: number;
  end_index: number;
};

/** Item status (reference OutputMessage/OutputItemReasoning/OutputItemFunctionCall). */
export type ItemStatus = 'completed' | 'incomplete' | 'in_progress';

/** spec 2.3: an output-text part. `logprobs` is always empty: the simulator has none to give. */
export type OutputTextPart = {
  type: 'output_text';
  text: string;
  annotations: UrlCitation[];
  logprobs: never[];
};

/** spec 2.3: "a refusal part is also allowed". */
export type RefusalPart = {
  type: 'refusal';
  refusal: string;
};

/** spec 2.3 output message. */
export type MessageItem = {
  type: 'message';
  id: string;
  role: 'assistant';
  status: ItemStatus;
  content: Array<OutputTextPart | RefusalPart>;
};

/** spec 2.3 output reasoning. */
export type ReasoningItem = {
  type: 'reasoning';
  id: string;
  status: ItemStatus;
  format: string;
  signature: string;
  content: Array<{ type: 'reasoning_text'; text: string }>;
  summary: Array<{ type: 'summary_text'; text: string }>;
  /** include `reasoning.encrypted_content`: an opaque blob the client may send back. */
  encrypted_content?: string;
};

/** spec 2.3 output function call (reference OutputItemFunctionCall). */
export type FunctionCallItem = {
  type: 'function_call';
  id: string;
  call_id: string;
  name: string;
  /** JSON text of the arguments object. */
  arguments: string;
  status: ItemStatus;
};

/** A server-tool call the gateway ran (reference `OutputItemWebSearchCall`, `OutputWebSearchServerToolItem`, `OutputDatetimeItem`). */
export type ServerToolItem = PlannedServerTool & { id: string; status: 'completed' };

export type OutputItem = MessageItem | ReasoningItem | FunctionCallItem | ServerToolItem;

/** spec 2.2 usage: total = input + output; reasoning <= output; cached <= input. */
export type ResponseUsage = {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number; cache_write_tokens?: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
  /** USD charged (reference `Usage.cost`); see usageCost. */
  cost?: number;
  is_byok?: boolean;
  cost_details?: { upstream_inference_cost: number | null; upstream_inference_input_cost: number; upstream_inference_output_cost: number };
  /** reference `ServerToolUseDetails`: only when server tools ran. */
  server_tool_use_details?: ServerToolUseDetails;
};

/** The result `status` values the simulator produces: four of the public {@link PublicStatus} values. */
export type BuiltStatus = Extract<PublicStatus, 'completed' | 'incomplete' | 'in_progress' | 'failed'>;

/**
 * spec 2.2: the Responses result as the builder makes it: a narrower view of the one public type,
 * `ResponsesResult` (the schema's), with the member types the builder fills in precisely; key
 * order here is the order on the wire. The compiler proves it is a public result (below), and
 * every answer is also tested against the schema at run time.
 */
export type ResponseResult = {
  id: string;
  object: 'response';
  created_at: number;
  completed_at: number | null;
  status: BuiltStatus;
  model: string;
  output: OutputItem[];
  usage: ResponseUsage | null;
  error: { code: string; message: string } | null;
  incomplete_details: { reason: 'max_output_tokens' | 'content_filter' } | null;
  instructions: string | unknown[] | null;
  max_output_tokens: number | null;
  metadata: Record<string, string> | null;
  frequency_penalty: number | null;
  presence_penalty: number | null;
  temperature: number | null;
  top_p: number | null;
  parallel_tool_calls: boolean;
  tool_choice: unknown;
  tools: Tool[];
  text: unknown;
  service_tier: string | null;
  /** spec 2.6: only when the metadata header is enabled. */
  gateway_metadata?: Record<string, unknown>;
};

/** `T`, accepted only when it is assignable to `Public`: a compile-time proof, no run-time code. */
type NarrowerThan<T extends Public, Public> = T;

/**
 * The builder's types are views of the public ones: a result (usage may be null in the stream's
 * first snapshots), its usage and its items. Changing one so it no longer fits fails to compile.
 */
export type BuiltTypesArePublic = [
  NarrowerThan<ResponseResult, ResponseSnapshot>,
  NarrowerThan<ResponseResult & { usage: ResponseUsage }, ResponsesResult>,
  NarrowerThan<ResponseUsage, Usage>,
  NarrowerThan<OutputItem, PublicOutputItem>,
];
