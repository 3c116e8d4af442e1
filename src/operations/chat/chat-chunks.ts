import type { FunctionCallItem, ReasoningItem, ResponseResult, ResponseUsage, UrlCitation } from '../../generation/output-items.ts';
import type { ResponseStreamEvent } from '../../streaming/response-events.ts';
import { chatAnnotation, chatLogprobs, chatUsage, finishReason, type LogprobsRequest } from './chat-completion.ts';

/** A chunk's JSON text and the index of the canonical event it came from (-1 for framing). */
export interface ChatChunk {
  readonly json: string;
  readonly event: number;
}

export interface ChatChunksOptions {
  /** The completion id every chunk carries (the answer's generation id). */
  id: string;
  /** The result's `created_at` (seconds) and `model`: every chunk names them. */
  created: number;
  model: string;
  /** `stream_options.include_usage`: a last chunk with `choices: []` and the usage. */
  includeUsage: boolean;
  /** `logprobs: true`: each content and refusal delta carries the log probabilities of its tokens. */
  logprobs?: LogprobsRequest | undefined;
}

/** reference `ChatStreamChunk.error` of a stream that failed after its 200 (the stream-error fault). */
const STREAM_ERROR = { code: 502, metadata: { error_type: 'server' } } as const;

/**
 * The canonical event stream as reference `ChatStreamChunk`s (`chat.completion.chunk`), a pure
 * function of the events: the debug chunk first when asked (spec 6.3), a role delta, then one
 * chunk per delta event (content, refusal, reasoning with its details, tool-call name then
 * argument pieces, citations), a final chunk with `finish_reason` (and `gateway_metadata` when
 * asked), and a usage chunk (`choices: []`) when `include_usage` is set. A stream that failed
 * after its 200 sends a chunk with `error` and `finish_reason: "error"` instead of the final
 * chunk. The deltas are those of /responses for the same request, so both streams join to the
 * same text.
 *
 * @example
 * chatChunks(events, { id: 'gen-1', created: 1767225600, model: 'openai/gpt-4o-mini', includeUsage: true }).map((c) => c.json);
 */
export function chatChunks(events: readonly ResponseStreamEvent[], options: ChatChunksOptions): ChatChunk[] {
  const chunks: ChatChunk[] = [];
  const head = `{"id":${JSON.stringify(options.id)},"object":"chat.completion.chunk","created":${options.created},"model":${JSON.stringify(options.model)}`;
  const choice = (delta: unknown, finish: string | null = null, logprobs = 'null') =>
    `${head},"choices":[{"index":0,"delta":${JSON.stringify(delta)},"finish_reason":${finish === null ? 'null' : JSON.stringify(finish)},"logprobs":${logprobs}}]`;
  const lp = options.logprobs;
  const push = (json: string, event: number) => chunks.push({ json: `${json}}`, event });
  // Tool-call index per function-call item; where each content part's text starts (citations).
  const toolIndex = new Map<string, number>();
  let contentLength = 0;
  let partStart = 0;
  let reasoningDetail = 0;
  let usageOf: ResponseUsage | null = null;

  for (let i = 0; i < events.length; i++) {
    const e = events[i] as ResponseStreamEvent;
    switch (e.type) {
      case 'response.debug':
        // spec 6.3: the debug chunk comes first, before any choice.
        push(`${head},"choices":[],"debug":${JSON.stringify(e.debug)}`, i);
        break;
      case 'response.created':
        push(choice({ role: 'assistant', content: '' }), i);
        break;
      case 'response.content_part.added':
        partStart = contentLength;
        break;
      case 'response.output_text.delta':
        contentLength += (e.delta as string).length;
        push(choice({ content: e.delta }, null, lp ? JSON.stringify(chatLogprobs(lp, e.delta as string, null)) : 'null'), i);
        break;
      case 'response.output_text.annotation.added':
        push(choice({ annotations: [chatAnnotation(e.annotation as UrlCitation, partStart)] }), i);
        break;
      case 'response.refusal.delta':
        push(choice({ refusal: e.delta }, null, lp ? JSON.stringify(chatLogprobs(lp, null, e.delta as string)) : 'null'), i);
        break;
      case 'response.reasoning_text.delta':
        push(choice({ reasoning: e.delta, reasoning_details: [{ type: 'reasoning.text', text: e.delta, index: reasoningDetail }] }), i);
        break;
      case 'response.reasoning_text.done':
        reasoningDetail++;
        break;
      case 'response.reasoning_summary_text.delta':
        push(choice({ reasoning_details: [{ type: 'reasoning.summary', summary: e.delta, index: reasoningDetail }] }), i);
        break;
      case 'response.reasoning_summary_text.done':
        reasoningDetail++;
        break;
      case 'response.output_item.added': {
        const item = e.item as FunctionCallItem;
        if (item.type !== 'function_call') break;
        const index = toolIndex.size;
        toolIndex.set(item.id, index);
        push(choice({ tool_calls: [{ index, id: item.call_id, type: 'function', function: { name: item.name, arguments: '' } }] }), i);
        break;
      }
      case 'response.function_call_arguments.delta':
        push(choice({ tool_calls: [{ index: toolIndex.get(e.item_id as string) ?? 0, function: { arguments: e.delta } }] }), i);
        break;
      case 'response.output_item.done': {
        const item = e.item as ReasoningItem;
        if (item.type === 'reasoning' && item.encrypted_content !== undefined) {
          push(
            choice({ reasoning_details: [{ type: 'reasoning.encrypted', data: item.encrypted_content, format: item.format, index: reasoningDetail++ }] }),
            i,
          );
        }
        break;
      }
      case 'error':
        push(`${choice({}, 'error')},"error":${JSON.stringify({ code: STREAM_ERROR.code, message: e.message, metadata: STREAM_ERROR.metadata })}`, i);
        break;
      case 'response.failed':
        usageOf = (e.response as ResponseResult).usage;
        break;
      case 'response.completed':
      case 'response.incomplete': {
        const r = e.response as ResponseResult;
        usageOf = r.usage;
        const metadata = r.gateway_metadata ? `,"gateway_metadata":${JSON.stringify(r.gateway_metadata)}` : '';
        push(`${choice({}, finishReason(r))}${metadata}`, i);
        break;
      }
      default:
        break;
    }
  }
  if (options.includeUsage && usageOf) push(`${head},"choices":[],"usage":${JSON.stringify(chatUsage(usageOf))}`, -1);
  return chunks;
}
