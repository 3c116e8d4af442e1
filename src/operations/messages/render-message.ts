import type { OutputItem, ResponseResult, ResponseUsage } from '../../generation/output-items.ts';
import { promptCostDetails, type PromptCostDetails } from '../../generation/usage-cost.ts';

/** reference `ORAnthropicStopReason`: the values this surface produces. */
export type StopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'refusal';

/** reference `AnthropicTextCitation` `web_search_result_location`: a source the text cites. */
export interface WebSearchResultLocation {
  type: 'web_search_result_location';
  cited_text: string;
  encrypted_index: string;
  title: string;
  url: string;
}

/** reference `AnthropicTextBlock`. */
export interface TextBlock {
  type: 'text';
  text: string;
  // Always an array (the reference's /messages example): the AI SDK refuses null here.
  citations: WebSearchResultLocation[];
}
/** reference `AnthropicThinkingBlock`: the reasoning and the signature that vouches for it. */
export interface ThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature: string;
}
/** reference `AnthropicToolUseBlock`: `input` is the arguments object, valid for the tool's `input_schema`. */
export interface ToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
  caller: { type: 'direct' };
}
export type MessageContentBlock = TextBlock | ThinkingBlock | ToolUseBlock;

/** reference `AnthropicUsage` with the gateway's `cost`, `is_byok` and `cost_details` (reference `MessagesResult.usage`). */
export interface MessageUsage {
  /** Input tokens neither read from nor written to the prompt cache (Anthropic's meaning). */
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  cache_creation: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number } | null;
  inference_geo: null;
  output_tokens_details: { thinking_tokens: number };
  server_tool_use: { web_search_requests: number; web_fetch_requests: number } | null;
  service_tier: 'standard';
  cost?: number;
  is_byok?: boolean;
  cost_details?: PromptCostDetails;
}

/** reference `MessagesResult` (with `gateway_metadata` for the reference's `openrouter_metadata`). */
export interface MessagesResult {
  id: string;
  type: 'message';
  role: 'assistant';
  container: null;
  content: MessageContentBlock[];
  model: string;
  stop_reason: StopReason;
  stop_details: null;
  stop_sequence: string | null;
  usage: MessageUsage;
  gateway_metadata?: Record<string, unknown>;
}

/** What the surface adds to a canonical result: the stop sequence that ended it, and the cache-write TTL. */
export interface RenderOptions {
  /** The `stop_sequences` member that cut the reply (see `cutAtStopSequence`). */
  stopSequence?: string | undefined;
  /** `cache_control.ttl` of the request: which `cache_creation` bucket written tokens go to. */
  cacheTtl?: '5m' | '1h' | undefined;
}

/**
 * A Messages id from the canonical result's (`resp_<32>` -> `msg_<32>`): same seed, same id.
 *
 * @example
 * messageId('resp_abc'); // 'msg_abc'
 */
export function messageId(responseId: string): string {
  return `msg_${responseId.replace(/^resp_/, '')}`;
}

/**
 * A tool-use id from the canonical call id (`call_<24>` -> `toolu_<24>`). The client sends it back
 * as `tool_use_id`, which the request translation keeps as the call id: the loop closes either way.
 *
 * @example
 * toolUseId('call_abc'); // 'toolu_abc'
 */
export function toolUseId(callId: string): string {
  return callId.startsWith('toolu_') ? callId : `toolu_${callId.replace(/^call_/, '')}`;
}

/**
 * The reason the reply stopped, from what the canonical result holds: a tool call -> `tool_use`;
 * cut by the budget -> `max_tokens`; cut by a stop sequence -> `stop_sequence`; a refusal ->
 * `refusal`; otherwise `end_turn`.
 *
 * @example
 * stopReason(result, undefined); // 'end_turn'
 */
export function stopReason(result: Pick<ResponseResult, 'output' | 'status' | 'incomplete_details'>, stopSequence: string | undefined): StopReason {
  if (stopSequence !== undefined) return 'stop_sequence';
  if (result.status === 'incomplete' && result.incomplete_details?.reason === 'max_output_tokens') return 'max_tokens';
  if (result.output.some((item) => item.type === 'function_call')) return 'tool_use';
  if (result.output.some((item) => item.type === 'message' && item.content.some((part) => part.type === 'refusal'))) return 'refusal';
  return 'end_turn';
}

/**
 * Canonical usage in Anthropic's terms: `input_tokens` counts only the input neither read from
 * nor written to the cache, with the cache reads and writes beside it, so the three add up to
 * the canonical `input_tokens`. Cost members pass through.
 *
 * @example
 * messageUsage({ input_tokens: 100, input_tokens_details: { cached_tokens: 60 }, output_tokens: 5,
 *   output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 105 }).input_tokens; // 40
 */
export function messageUsage(
  usage: ResponseUsage | null,
  options: Pick<RenderOptions, 'cacheTtl'> = {},
  serverTools?: MessageUsage['server_tool_use'],
): MessageUsage {
  const cached = usage?.input_tokens_details.cached_tokens ?? 0;
  const written = usage?.input_tokens_details.cache_write_tokens ?? 0;
  const out: MessageUsage = {
    input_tokens: Math.max(0, (usage?.input_tokens ?? 0) - cached - written),
    output_tokens: usage?.output_tokens ?? 0,
    cache_creation_input_tokens: written,
    cache_read_input_tokens: cached,
    cache_creation:
      options.cacheTtl === '1h'
        ? { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: written }
        : { ephemeral_5m_input_tokens: written, ephemeral_1h_input_tokens: 0 },
    inference_geo: null,
    output_tokens_details: { thinking_tokens: usage?.output_tokens_details.reasoning_tokens ?? 0 },
    server_tool_use: serverTools ?? null,
    service_tier: 'standard',
  };
  if (usage?.cost !== undefined) out.cost = usage.cost;
  if (usage?.is_byok !== undefined) out.is_byok = usage.is_byok;
  if (usage?.cost_details !== undefined) out.cost_details = promptCostDetails(usage.cost_details);
  return out;
}

/** What the gateway's server tools did, in Anthropic's counters (null when none ran). */
export function serverToolUsage(usage: ResponseUsage | null): MessageUsage['server_tool_use'] {
  const details = usage?.server_tool_use_details;
  if (!details) return null;
  return { web_search_requests: details.web_search_requests ?? 0, web_fetch_requests: 0 };
}

/** The text of a reasoning item (its reasoning text, else its summary). */
export function reasoningText(item: Extract<OutputItem, { type: 'reasoning' }>): string {
  const content = item.content.map((p) => p.text).join('');
  return content !== '' ? content : item.summary.map((p) => p.text).join('');
}

/** The arguments of a call as the `input` object (a call the budget cut is never in the output). */
export function toolInput(args: string): unknown {
  try {
    return JSON.parse(args);
  } catch {
    // Scripted calls may carry any text; Anthropic's input is an object, so it is wrapped.
    return { arguments: args };
  }
}

/**
 * The content blocks of a canonical output, in order: reasoning -> `thinking` (with its
 * signature), each text part -> `text` (URL citations as `web_search_result_location`s), refusal
 * -> `text`, function call -> `tool_use`. Server-tool items have no Messages block here: their
 * effect is in the text and in `usage.server_tool_use`.
 */
export function contentBlocks(output: readonly OutputItem[]): MessageContentBlock[] {
  const blocks: MessageContentBlock[] = [];
  for (const item of output) {
    if (item.type === 'reasoning') blocks.push({ type: 'thinking', thinking: reasoningText(item), signature: item.signature });
    else if (item.type === 'message') {
      for (const part of item.content) {
        if (part.type === 'output_text') {
          const citations = part.annotations.map((a) => ({
            type: 'web_search_result_location' as const,
            cited_text: part.text.slice(a.start_index, a.end_index),
            encrypted_index: '',
            title: a.title,
            url: a.url,
          }));
          blocks.push({ type: 'text', text: part.text, citations });
        } else blocks.push({ type: 'text', text: part.refusal, citations: [] });
      }
    } else if (item.type === 'function_call')
      blocks.push({ type: 'tool_use', id: toolUseId(item.call_id), name: item.name, input: toolInput(item.arguments), caller: { type: 'direct' } });
  }
  return blocks;
}

/**
 * The canonical result as the reference's `MessagesResult`, keys in wire order.
 *
 * @example
 * renderMessage(result, {}).stop_reason; // 'end_turn'
 */
export function renderMessage(result: ResponseResult, options: RenderOptions = {}): MessagesResult {
  const message: MessagesResult = {
    id: messageId(result.id),
    type: 'message',
    role: 'assistant',
    container: null,
    content: contentBlocks(result.output),
    model: result.model,
    stop_reason: stopReason(result, options.stopSequence),
    stop_details: null,
    stop_sequence: options.stopSequence ?? null,
    usage: messageUsage(result.usage, options, serverToolUsage(result.usage)),
  };
  if (result.gateway_metadata) message.gateway_metadata = result.gateway_metadata;
  return message;
}
