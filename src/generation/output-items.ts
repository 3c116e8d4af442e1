import type { PlannedServerTool, ServerToolUseDetails } from './server-tools.ts';
/** A `url_citation` annotation on output text (web plugin). */
export interface UrlCitation {
  type: 'url_citation';
  url: string;
  title: string;
  start_index: number;
  end_index: number;
}

/** Item status (reference OutputMessage/OutputItemReasoning/OutputItemFunctionCall). */
export type ItemStatus = 'completed' | 'incomplete' | 'in_progress';

/** spec 2.3: an output-text part. `logprobs` is always empty: the simulator has none to give. */
export interface OutputTextPart {
  type: 'output_text';
  text: string;
  annotations: UrlCitation[];
  logprobs: never[];
}

/** spec 2.3: "a refusal part is also allowed". */
export interface RefusalPart {
  type: 'refusal';
  refusal: string;
}

/** spec 2.3 output message. */
export interface MessageItem {
  type: 'message';
  id: string;
  role: 'assistant';
  status: ItemStatus;
  content: Array<OutputTextPart | RefusalPart>;
}

/** spec 2.3 output reasoning. */
export interface ReasoningItem {
  type: 'reasoning';
  id: string;
  status: ItemStatus;
  format: string;
  signature: string;
  content: Array<{ type: 'reasoning_text'; text: string }>;
  summary: Array<{ type: 'summary_text'; text: string }>;
  /** include `reasoning.encrypted_content`: an opaque blob the client may send back. */
  encrypted_content?: string;
}

/** spec 2.3 output function call (reference OutputItemFunctionCall). */
export interface FunctionCallItem {
  type: 'function_call';
  id: string;
  call_id: string;
  name: string;
  /** JSON text of the arguments object. */
  arguments: string;
  status: ItemStatus;
}

/** A server-tool call the gateway ran (reference `OutputItemWebSearchCall`, `OutputWebSearchServerToolItem`, `OutputDatetimeItem`). */
export type ServerToolItem = PlannedServerTool & { id: string; status: 'completed' };

export type OutputItem = MessageItem | ReasoningItem | FunctionCallItem | ServerToolItem;

/** spec 2.2 usage: total = input + output; reasoning <= output; cached <= input. */
export interface ResponseUsage {
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
}

/** Result `status` values the simulator produces (reference: completed, incomplete, in_progress, failed, ...). */
export type ResponseStatus = 'completed' | 'incomplete' | 'in_progress' | 'failed';

/**
 * spec 2.2: the Responses result as the builder makes it (precise member types; key order here
 * is the order on the wire). Internal: the one public result type is the schema's
 * `ResponsesResult` (src/schemas/responses-result.ts), which every answer is tested against.
 */
export interface ResponseResult {
  id: string;
  object: 'response';
  created_at: number;
  completed_at: number | null;
  status: ResponseStatus;
  model: string;
  output: OutputItem[];
  usage: ResponseUsage | null;
  error: { code: string; message: string } | null;
  incomplete_details: { reason: 'max_output_tokens' | 'content_filter' } | null;
  instructions: unknown;
  max_output_tokens: number | null;
  metadata: Record<string, string> | null;
  frequency_penalty: number | null;
  presence_penalty: number | null;
  temperature: number | null;
  top_p: number | null;
  parallel_tool_calls: boolean;
  tool_choice: unknown;
  tools: unknown[];
  text: unknown;
  service_tier: string | null;
  /** spec 2.6: only when the metadata header is enabled. */
  gateway_metadata?: Record<string, unknown>;
}
