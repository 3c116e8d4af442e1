import type { OutputItem, ResponseResult } from '../../generation/output-items.ts';
import type { ResponseStreamEvent } from '../../streaming/response-events.ts';
import { messageId, messageUsage, serverToolUsage, stopReason, toolUseId, type MessageUsage, type RenderOptions } from './render-message.ts';
import { anthropicErrorType } from './messages-error.ts';

/** One event of the Anthropic stream (reference `MessagesStreamEvents`); `type` is also the SSE `event:` name. */
export interface MessagesStreamEvent {
  type: 'message_start' | 'content_block_start' | 'content_block_delta' | 'content_block_stop' | 'message_delta' | 'message_stop' | 'ping' | 'error';
  [field: string]: unknown;
}

/** Where a canonical text part is: output item and content index. */
const partKey = (o: unknown, c: unknown) => `${String(o)}:${String(c)}`;

/**
 * A translator of one canonical event stream into the Anthropic grammar (reference
 * `MessagesStreamEvents`), fed event by event: `message_start` and a `ping`, then per content
 * block `content_block_start` -> deltas (`text_delta`, `citations_delta`, `thinking_delta` then
 * `signature_delta`, `input_json_delta`) -> `content_block_stop`, then `message_delta` (stop
 * reason and usage) and `message_stop`. Block indexes count from 0 in steps of 1. An in-stream
 * failure (the canonical `error` event) becomes `event: error` with the Anthropic error shape,
 * and the stream ends there, as Anthropic's does.
 *
 * `result` is the canonical result the events were made from: `message_start` already reports
 * the input tokens, as Anthropic's does, and a reasoning block takes its signature from it.
 *
 * @example
 * const next = messageEventMapper(result);
 * const events = canonicalEvents.flatMap(next);
 */
export function messageEventMapper(result: ResponseResult, options: RenderOptions = {}): (event: ResponseStreamEvent) => MessagesStreamEvent[] {
  let nextIndex = 0;
  /** Anthropic index of each open block: by output index (reasoning, calls) or by part (text). */
  const openItems = new Map<number, number>();
  const openParts = new Map<string, number>();
  const usage = messageUsage(result.usage, options, serverToolUsage(result.usage));
  const itemAt = (o: unknown): OutputItem | undefined => (typeof o === 'number' ? result.output[o] : undefined);

  return (event) => {
    const e = event as ResponseStreamEvent & Record<string, unknown>;
    switch (e.type) {
      case 'response.created': {
        const startUsage: MessageUsage = { ...usage, output_tokens: 0, output_tokens_details: { thinking_tokens: 0 } };
        delete startUsage.cost;
        delete startUsage.is_byok;
        delete startUsage.cost_details;
        const message = {
          id: messageId(result.id),
          type: 'message',
          role: 'assistant',
          container: null,
          content: [],
          model: result.model,
          stop_reason: null,
          stop_details: null,
          stop_sequence: null,
          usage: startUsage,
        };
        return [{ type: 'message_start', message }, { type: 'ping' }];
      }
      case 'response.output_item.added': {
        const item = e.item as { type: string; call_id?: string; name?: string };
        const o = e.output_index as number;
        if (item.type === 'reasoning') {
          openItems.set(o, nextIndex);
          return [{ type: 'content_block_start', index: nextIndex++, content_block: { type: 'thinking', thinking: '', signature: '' } }];
        }
        if (item.type === 'function_call') {
          openItems.set(o, nextIndex);
          return [
            {
              type: 'content_block_start',
              index: nextIndex++,
              content_block: { type: 'tool_use', id: toolUseId(item.call_id ?? ''), name: item.name ?? '', input: {}, caller: { type: 'direct' } },
            },
          ];
        }
        return [];
      }
      case 'response.content_part.added': {
        const item = itemAt(e.output_index);
        if (item?.type !== 'message') return [];
        openParts.set(partKey(e.output_index, e.content_index), nextIndex);
        return [{ type: 'content_block_start', index: nextIndex++, content_block: { type: 'text', text: '', citations: [] } }];
      }
      case 'response.output_text.delta':
      case 'response.refusal.delta': {
        const index = openParts.get(partKey(e.output_index, e.content_index));
        return index === undefined ? [] : [{ type: 'content_block_delta', index, delta: { type: 'text_delta', text: e.delta } }];
      }
      case 'response.output_text.annotation.added': {
        const index = openParts.get(partKey(e.output_index, e.content_index));
        const a = e.annotation as { url?: string; title?: string; start_index?: number; end_index?: number };
        const item = itemAt(e.output_index);
        const part = item?.type === 'message' ? item.content[e.content_index as number] : undefined;
        const text = part?.type === 'output_text' ? part.text : '';
        if (index === undefined || typeof a.url !== 'string') return [];
        const citation = {
          type: 'web_search_result_location',
          cited_text: text.slice(a.start_index ?? 0, a.end_index ?? 0),
          encrypted_index: '',
          title: a.title ?? '',
          url: a.url,
        };
        return [{ type: 'content_block_delta', index, delta: { type: 'citations_delta', citation } }];
      }
      case 'response.content_part.done': {
        const key = partKey(e.output_index, e.content_index);
        const index = openParts.get(key);
        if (index === undefined) return [];
        openParts.delete(key);
        return [{ type: 'content_block_stop', index }];
      }
      case 'response.reasoning_text.delta':
      case 'response.reasoning_summary_text.delta': {
        const index = openItems.get(e.output_index as number);
        const item = itemAt(e.output_index);
        // The thinking block shows the reasoning text, or the summary when there is no text (as the JSON answer does).
        const fromSummary = e.type === 'response.reasoning_summary_text.delta';
        const hasText = item?.type === 'reasoning' && item.content.some((p) => p.text !== '');
        if (index === undefined || fromSummary === hasText) return [];
        return [{ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: e.delta } }];
      }
      case 'response.function_call_arguments.delta': {
        const index = openItems.get(e.output_index as number);
        return index === undefined ? [] : [{ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: e.delta } }];
      }
      case 'response.output_item.done': {
        const o = e.output_index as number;
        const index = openItems.get(o);
        if (index === undefined) return [];
        openItems.delete(o);
        const item = e.item as OutputItem;
        if (item.type === 'reasoning') {
          // A reasoning summary that had its own deltas: the text was already streamed; the signature closes the block.
          return [
            { type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: item.signature } },
            { type: 'content_block_stop', index },
          ];
        }
        return [{ type: 'content_block_stop', index }];
      }
      case 'response.completed':
      case 'response.incomplete': {
        const final = e.response as ResponseResult;
        const { cache_creation: _creation, service_tier: _tier, inference_geo: _geo, ...deltaUsage } = usage;
        const stop: MessagesStreamEvent = { type: 'message_stop' };
        if (final.gateway_metadata) stop.gateway_metadata = final.gateway_metadata;
        return [
          {
            type: 'message_delta',
            delta: { stop_reason: stopReason(final, options.stopSequence), stop_sequence: options.stopSequence ?? null, stop_details: null, container: null },
            usage: deltaUsage,
          },
          stop,
        ];
      }
      case 'error':
        return [messagesErrorEvent(502, typeof e.message === 'string' ? e.message : 'Provider returned error')];
      default:
        return [];
    }
  };
}

/**
 * The in-stream error (reference `MessagesErrorEvent`): after the 200 the failure can only be
 * told in the stream, as `event: error` with the Anthropic error shape.
 *
 * @example
 * messagesErrorEvent(529, 'Overloaded'); // { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }
 */
export function messagesErrorEvent(status: number, message: string): MessagesStreamEvent {
  return { type: 'error', error: { type: anthropicErrorType(status), message } };
}

/**
 * The whole Anthropic event sequence of a canonical stream (see {@link messageEventMapper}).
 *
 * @example
 * messageEvents(responseEvents(result, { rng }), result).map((e) => e.type);
 * // ['message_start', 'ping', 'content_block_start', 'content_block_delta', ..., 'message_stop']
 */
export function messageEvents(events: readonly ResponseStreamEvent[], result: ResponseResult, options: RenderOptions = {}): MessagesStreamEvent[] {
  const next = messageEventMapper(result, options);
  const out: MessagesStreamEvent[] = [];
  for (const event of events) for (const e of next(event)) out.push(e);
  return out;
}
