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

/** What a mapper remembers between events. */
interface MapperState {
  readonly result: ResponseResult;
  readonly options: RenderOptions;
  readonly usage: MessageUsage;
  nextIndex: number;
  /** Anthropic index of each open block: by output index (reasoning, calls) or by part (text). */
  readonly openItems: Map<number, number>;
  readonly openParts: Map<string, number>;
}

type CanonicalEvent = ResponseStreamEvent & Record<string, unknown>;
type EventMapping = (s: MapperState, e: CanonicalEvent) => MessagesStreamEvent[];

const itemAt = (s: MapperState, o: unknown): OutputItem | undefined => (typeof o === 'number' ? s.result.output[o] : undefined);

/** `message_start` (input tokens already counted, as Anthropic's does) and a `ping`. */
const created: EventMapping = (s) => {
  const startUsage: MessageUsage = { ...s.usage, output_tokens: 0, output_tokens_details: { thinking_tokens: 0 } };
  delete startUsage.cost;
  delete startUsage.is_byok;
  delete startUsage.cost_details;
  const message = {
    id: messageId(s.result.id),
    type: 'message',
    role: 'assistant',
    container: null,
    content: [],
    model: s.result.model,
    stop_reason: null,
    stop_details: null,
    stop_sequence: null,
    usage: startUsage,
  };
  return [{ type: 'message_start', message }, { type: 'ping' }];
};

/** A reasoning item opens a thinking block; a function call a tool_use block. */
const itemAdded: EventMapping = (s, e) => {
  const item = e.item as { type: string; call_id?: string; name?: string };
  if (item.type !== 'reasoning' && item.type !== 'function_call') return [];
  s.openItems.set(e.output_index as number, s.nextIndex);
  const content_block =
    item.type === 'reasoning'
      ? { type: 'thinking', thinking: '', signature: '' }
      : { type: 'tool_use', id: toolUseId(item.call_id ?? ''), name: item.name ?? '', input: {}, caller: { type: 'direct' } };
  return [{ type: 'content_block_start', index: s.nextIndex++, content_block }];
};

/** A message's text part opens a text block. */
const partAdded: EventMapping = (s, e) => {
  if (itemAt(s, e.output_index)?.type !== 'message') return [];
  s.openParts.set(partKey(e.output_index, e.content_index), s.nextIndex);
  return [{ type: 'content_block_start', index: s.nextIndex++, content_block: { type: 'text', text: '', citations: [] } }];
};

const textDelta: EventMapping = (s, e) => {
  const index = s.openParts.get(partKey(e.output_index, e.content_index));
  return index === undefined ? [] : [{ type: 'content_block_delta', index, delta: { type: 'text_delta', text: e.delta } }];
};

/** A URL citation becomes a `citations_delta` quoting the text it covers. */
const annotationAdded: EventMapping = (s, e) => {
  const index = s.openParts.get(partKey(e.output_index, e.content_index));
  const a = e.annotation as { url?: string; title?: string; start_index?: number; end_index?: number };
  const item = itemAt(s, e.output_index);
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
};

const partDone: EventMapping = (s, e) => {
  const key = partKey(e.output_index, e.content_index);
  const index = s.openParts.get(key);
  if (index === undefined) return [];
  s.openParts.delete(key);
  return [{ type: 'content_block_stop', index }];
};

/** The thinking block shows the reasoning text, or the summary when there is no text (as the JSON answer does). */
const reasoningDelta: EventMapping = (s, e) => {
  const index = s.openItems.get(e.output_index as number);
  const item = itemAt(s, e.output_index);
  const fromSummary = e.type === 'response.reasoning_summary_text.delta';
  const hasText = item?.type === 'reasoning' && item.content.some((p) => p.text !== '');
  if (index === undefined || fromSummary === hasText) return [];
  return [{ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: e.delta } }];
};

const argumentsDelta: EventMapping = (s, e) => {
  const index = s.openItems.get(e.output_index as number);
  return index === undefined ? [] : [{ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: e.delta } }];
};

/** A block of an item closes; a reasoning block's signature comes first (its text was already streamed). */
const itemDone: EventMapping = (s, e) => {
  const o = e.output_index as number;
  const index = s.openItems.get(o);
  if (index === undefined) return [];
  s.openItems.delete(o);
  const item = e.item as OutputItem;
  const stop: MessagesStreamEvent = { type: 'content_block_stop', index };
  return item.type === 'reasoning' ? [{ type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: item.signature } }, stop] : [stop];
};

/** `message_delta` (stop reason and usage) and `message_stop`. */
const finished: EventMapping = (s, e) => {
  const final = e.response as ResponseResult;
  const { cache_creation: _creation, service_tier: _tier, inference_geo: _geo, ...deltaUsage } = s.usage;
  const stop: MessagesStreamEvent = { type: 'message_stop' };
  if (final.gateway_metadata) stop.gateway_metadata = final.gateway_metadata;
  const stopSequence = s.options.stopSequence;
  const delta = { stop_reason: stopReason(final, stopSequence), stop_sequence: stopSequence ?? null, stop_details: null, container: null };
  return [{ type: 'message_delta', delta, usage: deltaUsage }, stop];
};

const failed: EventMapping = (_s, e) => [messagesErrorEvent(502, typeof e.message === 'string' ? e.message : 'Provider returned error')];

/** What each canonical event becomes; an event not listed becomes nothing. */
const MAPPINGS = new Map<string, EventMapping>([
  ['response.created', created],
  ['response.output_item.added', itemAdded],
  ['response.content_part.added', partAdded],
  ['response.output_text.delta', textDelta],
  ['response.refusal.delta', textDelta],
  ['response.output_text.annotation.added', annotationAdded],
  ['response.content_part.done', partDone],
  ['response.reasoning_text.delta', reasoningDelta],
  ['response.reasoning_summary_text.delta', reasoningDelta],
  ['response.function_call_arguments.delta', argumentsDelta],
  ['response.output_item.done', itemDone],
  ['response.completed', finished],
  ['response.incomplete', finished],
  ['error', failed],
]);

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
  const state: MapperState = {
    result,
    options,
    usage: messageUsage(result.usage, options, serverToolUsage(result.usage)),
    nextIndex: 0,
    openItems: new Map(),
    openParts: new Map(),
  };
  return (event) => {
    const e = event as CanonicalEvent;
    return MAPPINGS.get(e.type)?.(state, e) ?? [];
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
