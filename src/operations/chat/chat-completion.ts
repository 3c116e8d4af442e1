import type { FunctionCallItem, ReasoningItem, ResponseResult, ResponseUsage, UrlCitation } from '../../generation/output-items.ts';
import { promptCostDetails } from '../../generation/usage-cost.ts';
import { tokenLogprobs } from './chat-logprobs.ts';

/** `logprobs: true`: the tokens of a text, and how many likeliest tokens to list at each (`top_logprobs`). */
export interface LogprobsRequest {
  top: number;
  tokens(text: string): string[];
}

/** reference `ChatFinishReasonEnum` (less null, which only a stream's non-final chunks carry). */
export type ChatFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'error';

/**
 * Why the reply ended, from the canonical result: the budget cut it (`length`, reference: a
 * `max_tokens` stop), it called tools (`tool_calls`), the model refused (`content_filter`: the
 * gateway reports a refusal stop as a filtered answer), else `stop`. A stream that failed after
 * its 200 ends with `error` (chat-chunks.ts).
 *
 * @example
 * finishReason(result); // 'stop'
 */
export function finishReason(result: Pick<ResponseResult, 'status' | 'incomplete_details' | 'output'>): ChatFinishReason {
  if (result.status === 'incomplete') return result.incomplete_details?.reason === 'content_filter' ? 'content_filter' : 'length';
  if (result.output.some((item) => item.type === 'function_call')) return 'tool_calls';
  if (result.output.some((item) => item.type === 'message' && item.content.some((part) => part.type === 'refusal'))) return 'content_filter';
  return 'stop';
}

/** reference `ChatTokenLogprobs` of a text and a refusal (each null when absent). */
export function chatLogprobs(request: LogprobsRequest, text: string | null, refusal: string | null): Record<string, unknown> {
  const of = (t: string | null) => (t === null ? null : tokenLogprobs(request.tokens(t), request.top));
  return { content: of(text), refusal: of(refusal) };
}

/** reference `ChatUsage`: the canonical usage under chat's names, `cost_details` as the reference's `CostDetails`. */
export function chatUsage(usage: ResponseUsage): Record<string, unknown> {
  const details = usage.input_tokens_details;
  return {
    prompt_tokens: usage.input_tokens,
    completion_tokens: usage.output_tokens,
    total_tokens: usage.total_tokens,
    prompt_tokens_details:
      details.cache_write_tokens !== undefined
        ? { cached_tokens: details.cached_tokens, cache_write_tokens: details.cache_write_tokens }
        : { cached_tokens: details.cached_tokens },
    completion_tokens_details: { reasoning_tokens: usage.output_tokens_details.reasoning_tokens },
    ...(usage.cost !== undefined ? { cost: usage.cost } : {}),
    ...(usage.is_byok !== undefined ? { is_byok: usage.is_byok } : {}),
    ...(usage.cost_details !== undefined ? { cost_details: promptCostDetails(usage.cost_details) } : {}),
    ...(usage.server_tool_use_details !== undefined ? { server_tool_use_details: usage.server_tool_use_details } : {}),
  };
}

/** An output-text `url_citation` as chat annotates it (`{type, url_citation: {...}}`), offset by where its part starts. */
export function chatAnnotation(annotation: UrlCitation, offset = 0): Record<string, unknown> {
  return {
    type: 'url_citation',
    url_citation: { url: annotation.url, title: annotation.title, start_index: annotation.start_index + offset, end_index: annotation.end_index + offset },
  };
}

/**
 * reference `ChatReasoningDetails` of a reasoning item: its text, its summary and its encrypted
 * blob, each as a detail of the item's format.
 */
export function reasoningDetails(item: ReasoningItem): Record<string, unknown>[] {
  const details: Record<string, unknown>[] = [];
  const text = item.content.map((p) => p.text).join('');
  if (text !== '') details.push({ type: 'reasoning.text', text, signature: item.signature, format: item.format, index: 0 });
  const summary = item.summary.map((p) => p.text).join('');
  if (summary !== '') details.push({ type: 'reasoning.summary', summary, format: item.format, index: details.length });
  if (item.encrypted_content !== undefined)
    details.push({ type: 'reasoning.encrypted', data: item.encrypted_content, format: item.format, index: details.length });
  return details;
}

/** reference `ChatToolCall` of a function-call item. */
export function chatToolCall(item: FunctionCallItem): Record<string, unknown> {
  return { id: item.call_id, type: 'function', function: { name: item.name, arguments: item.arguments } };
}

/**
 * The canonical result as reference `ChatResult`: one choice whose message holds the text (null
 * when the reply is only tool calls), the refusal, the reasoning with its details, the tool calls
 * and the text's citations; `finish_reason`; `usage` with cost; `gateway_metadata` when the
 * metadata header asked for it; `logprobs` of the content and refusal tokens when asked. `id` is
 * the answer's generation id.
 *
 * @example
 * chatCompletion(answer.result, 'gen-1767225600-abc').choices[0].message.content;
 */
export function chatCompletion(result: ResponseResult, id: string, logprobs?: LogprobsRequest): Record<string, unknown> {
  let text: string | null = null;
  let refusal: string | null = null;
  let reasoning: string | null = null;
  const annotations: Record<string, unknown>[] = [];
  const details: Record<string, unknown>[] = [];
  const calls: Record<string, unknown>[] = [];
  for (const item of result.output) {
    if (item.type === 'message') {
      for (const part of item.content) {
        if (part.type === 'output_text') {
          const offset = text === null ? 0 : text.length;
          for (const a of part.annotations) annotations.push(chatAnnotation(a, offset));
          text = (text ?? '') + part.text;
        } else refusal = (refusal ?? '') + part.refusal;
      }
    } else if (item.type === 'reasoning') {
      const said = item.content.map((p) => p.text).join('');
      if (said !== '') reasoning = (reasoning ?? '') + said;
      details.push(...reasoningDetails(item));
    } else if (item.type === 'function_call') calls.push(chatToolCall(item));
  }
  const message: Record<string, unknown> = { role: 'assistant', content: text, refusal, reasoning };
  if (details.length > 0) message.reasoning_details = details;
  if (calls.length > 0) message.tool_calls = calls;
  if (annotations.length > 0) message.annotations = annotations;
  const out: Record<string, unknown> = {
    id,
    object: 'chat.completion',
    created: result.created_at,
    model: result.model,
    choices: [{ index: 0, message, finish_reason: finishReason(result), logprobs: logprobs ? chatLogprobs(logprobs, text, refusal) : null }],
  };
  if (result.usage) out.usage = chatUsage(result.usage);
  out.system_fingerprint = null;
  out.service_tier = result.service_tier;
  if (result.gateway_metadata) out.gateway_metadata = result.gateway_metadata;
  return out;
}
