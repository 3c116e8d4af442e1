import type { ResponseResult, ResponseUsage } from '../generation/output-items.ts';
import type { SeededRandom } from '../random/seeded-random.ts';
import { splitArgumentDeltas, splitTextDeltas } from './split-deltas.ts';

/**
 * A Responses stream event: `type`, and `sequence_number` on every event of the response
 * (reference README). The debug chunk alone has none (reference `DebugEvent` requires only `type`
 * and `debug`; see {@link responseEvents}).
 */
export interface ResponseStreamEvent {
  type: string;
  sequence_number?: number;
  [field: string]: unknown;
}

type Unnumbered = { type: string; [field: string]: unknown };

export interface ResponseEventsOptions {
  /** Seeds how text is split into deltas. */
  rng: SeededRandom;
  /** spec 6.3: `debug.echo_upstream_body` -> a `response.debug` event first, holding this body. */
  upstreamBody?: Record<string, unknown> | undefined;
  /**
   * `X-Gatewaykit-Fault: stream-error`: after about half of the deltas, an `error` event and a
   * `response.failed` terminal event replace the rest. `countTokens` prices the partial output.
   */
  fail?: { message: string; countTokens: (text: string) => number } | undefined;
}

/** The response as it looks while in progress: no output, usage or routing metadata yet. */
export function inProgressSnapshot(result: ResponseResult): ResponseResult {
  const { gateway_metadata: _metadata, ...rest } = result;
  return { ...rest, status: 'in_progress', completed_at: null, output: [], usage: null, error: null, incomplete_details: null };
}

// Every event is built with its keys in their final order, `sequence_number: 0` in second place
// (numbered in one pass at the end): spreading each event again to put the number in cost more
// than the event itself. Literals rather than spreads of shared parts, for the same reason.
const NO_LOGPROBS: readonly never[] = Object.freeze([]);

function itemEvents(result: ResponseResult, outputIndex: number, rng: SeededRandom): Unnumbered[] {
  const item = result.output[outputIndex];
  if (!item) return [];
  const events: Unnumbered[] = [];
  if (item.type === 'message') messageItemEvents(item, outputIndex, rng, events);
  else if (item.type === 'reasoning') reasoningItemEvents(item, outputIndex, rng, events);
  else if (item.type !== 'function_call') serverToolItemEvents(item, outputIndex, events);
  else functionCallItemEvents(item, outputIndex, rng, events);
  events.push({ type: 'response.output_item.done', sequence_number: 0, output_index: outputIndex, item });
  return events;
}

type OutputItemOf<K> = Extract<ResponseResult['output'][number], { type: K }>;

/** A message's parts: text with its deltas and annotations, or a refusal with its deltas. */
function messageItemEvents(item: OutputItemOf<'message'>, o: number, rng: SeededRandom, events: Unnumbered[]): void {
  const itemId = item.id;
  events.push({ type: 'response.output_item.added', sequence_number: 0, output_index: o, item: { ...item, status: 'in_progress', content: [] } });
  item.content.forEach((part, c) => {
    if (part.type === 'output_text') {
      events.push({
        type: 'response.content_part.added',
        sequence_number: 0,
        item_id: itemId,
        output_index: o,
        content_index: c,
        part: { type: 'output_text', text: '', annotations: [], logprobs: [] },
      });
      for (const delta of splitTextDeltas(part.text, rng)) {
        events.push({
          type: 'response.output_text.delta',
          sequence_number: 0,
          item_id: itemId,
          output_index: o,
          content_index: c,
          delta,
          logprobs: NO_LOGPROBS,
        });
      }
      part.annotations.forEach((annotation, annotationIndex) =>
        events.push({
          type: 'response.output_text.annotation.added',
          sequence_number: 0,
          item_id: itemId,
          output_index: o,
          content_index: c,
          annotation_index: annotationIndex,
          annotation,
        }),
      );
      events.push({
        type: 'response.output_text.done',
        sequence_number: 0,
        item_id: itemId,
        output_index: o,
        content_index: c,
        text: part.text,
        logprobs: NO_LOGPROBS,
      });
    } else {
      events.push({
        type: 'response.content_part.added',
        sequence_number: 0,
        item_id: itemId,
        output_index: o,
        content_index: c,
        part: { type: 'refusal', refusal: '' },
      });
      for (const delta of splitTextDeltas(part.refusal, rng))
        events.push({ type: 'response.refusal.delta', sequence_number: 0, item_id: itemId, output_index: o, content_index: c, delta });
      events.push({ type: 'response.refusal.done', sequence_number: 0, item_id: itemId, output_index: o, content_index: c, refusal: part.refusal });
    }
    events.push({ type: 'response.content_part.done', sequence_number: 0, item_id: itemId, output_index: o, content_index: c, part });
  });
}

/** A reasoning item's text parts, then its summary parts, each with its deltas. */
function reasoningItemEvents(item: OutputItemOf<'reasoning'>, o: number, rng: SeededRandom, events: Unnumbered[]): void {
  const itemId = item.id;
  events.push({
    type: 'response.output_item.added',
    sequence_number: 0,
    output_index: o,
    item: { ...item, status: 'in_progress', content: [], summary: [] },
  });
  item.content.forEach((part, c) => {
    events.push({
      type: 'response.content_part.added',
      sequence_number: 0,
      item_id: itemId,
      output_index: o,
      content_index: c,
      part: { type: 'reasoning_text', text: '' },
    });
    for (const delta of splitTextDeltas(part.text, rng))
      events.push({ type: 'response.reasoning_text.delta', sequence_number: 0, item_id: itemId, output_index: o, content_index: c, delta });
    events.push({ type: 'response.reasoning_text.done', sequence_number: 0, item_id: itemId, output_index: o, content_index: c, text: part.text });
    events.push({ type: 'response.content_part.done', sequence_number: 0, item_id: itemId, output_index: o, content_index: c, part });
  });
  item.summary.forEach((part, s) => {
    events.push({
      type: 'response.reasoning_summary_part.added',
      sequence_number: 0,
      item_id: itemId,
      output_index: o,
      summary_index: s,
      part: { type: 'summary_text', text: '' },
    });
    for (const delta of splitTextDeltas(part.text, rng)) {
      events.push({ type: 'response.reasoning_summary_text.delta', sequence_number: 0, item_id: itemId, output_index: o, summary_index: s, delta });
    }
    events.push({ type: 'response.reasoning_summary_text.done', sequence_number: 0, item_id: itemId, output_index: o, summary_index: s, text: part.text });
    events.push({ type: 'response.reasoning_summary_part.done', sequence_number: 0, item_id: itemId, output_index: o, summary_index: s, part });
  });
}

/** A server-tool item (web search, web fetch, ...): added, and a web search's phases. */
function serverToolItemEvents(
  item: Exclude<ResponseResult['output'][number], { type: 'message' | 'reasoning' | 'function_call' }>,
  o: number,
  events: Unnumbered[],
): void {
  const itemId = item.id;
  // Server-tool items; web_search_call also streams reference WebSearchCall{InProgress,Searching,Completed}Event.
  // A fetch's result is not known while it runs: the added item names only the URL.
  const added = item.type === 'gateway:web_fetch' ? { type: item.type, id: item.id, url: item.url, status: 'in_progress' } : { ...item, status: 'in_progress' };
  events.push({ type: 'response.output_item.added', sequence_number: 0, output_index: o, item: added });
  if (item.type === 'web_search_call') {
    for (const phase of ['in_progress', 'searching', 'completed'])
      events.push({ type: `response.web_search_call.${phase}`, sequence_number: 0, item_id: itemId, output_index: o });
  }
}

/** A function call: added with empty arguments, then the arguments' deltas and their end. */
function functionCallItemEvents(item: OutputItemOf<'function_call'>, o: number, rng: SeededRandom, events: Unnumbered[]): void {
  const itemId = item.id;
  events.push({ type: 'response.output_item.added', sequence_number: 0, output_index: o, item: { ...item, arguments: '', status: 'in_progress' } });
  for (const delta of splitArgumentDeltas(item.arguments, rng))
    events.push({ type: 'response.function_call_arguments.delta', sequence_number: 0, item_id: itemId, output_index: o, delta });
  events.push({
    type: 'response.function_call_arguments.done',
    sequence_number: 0,
    item_id: itemId,
    output_index: o,
    name: item.name,
    arguments: item.arguments,
  });
}

const DELTA = /\.delta$/;

/** Usage of what a failed stream had produced when it failed. */
function partialUsage(result: ResponseResult, sent: readonly Unnumbered[], countTokens: (text: string) => number): ResponseUsage {
  let output = 0;
  let reasoning = 0;
  for (const e of sent) {
    if (!DELTA.test(e.type) || typeof e.delta !== 'string') continue;
    const n = countTokens(e.delta);
    output += n;
    if (e.type.startsWith('response.reasoning')) reasoning += n;
  }
  const input = result.usage?.input_tokens ?? 0;
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: result.usage?.input_tokens_details.cached_tokens ?? 0 },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: reasoning },
    total_tokens: input + output,
  };
}

/**
 * The event sequence of a streamed response, a pure function of the final result (reference
 * README grammar): [`response.debug`], `response.created`, `response.in_progress`, then per output
 * item `output_item.added` -> (`content_part.added` -> deltas -> `.done` -> `content_part.done`)
 * -> `output_item.done`, then exactly one terminal event (`response.completed`, or
 * `response.incomplete` when the budget cut the reply) carrying the whole result.
 * `sequence_number` counts from 0 in steps of 1 over the response's events, so `response.created`
 * is 0 whether or not a debug chunk is sent (as in the reference's `response.created` example). The
 * debug chunk itself is not numbered: it comes first (spec 6.3) yet is not an event of the
 * response, and numbering it either way would give the other events a gap or a second 0 or 1.
 *
 * @example
 * const events = responseEvents(result, { rng: seededRandom(0, 'deltas') });
 * events[0].type; // 'response.created'
 */
export function responseEvents(result: ResponseResult, options: ResponseEventsOptions): ResponseStreamEvent[] {
  const snapshot = inProgressSnapshot(result);
  const events: Unnumbered[] = [];
  // spec 6.3 and reference DebugEvent: the debug chunk comes first.
  if (options.upstreamBody) events.push({ type: 'response.debug', debug: { echo_upstream_body: options.upstreamBody } });
  events.push({ type: 'response.created', sequence_number: 0, response: snapshot }, { type: 'response.in_progress', sequence_number: 0, response: snapshot });
  const body: Unnumbered[] = [];
  for (let i = 0; i < result.output.length; i++) for (const e of itemEvents(result, i, options.rng.fork(`item:${i}`))) body.push(e);

  if (options.fail) {
    // Fail mid-output: after about half of the deltas (at least one when there are any).
    const deltaAt = body.flatMap((e, i) => (DELTA.test(e.type) ? [i] : []));
    const cut = deltaAt.length > 0 ? (deltaAt[Math.ceil(deltaAt.length / 2) - 1] as number) + 1 : Math.min(1, body.length);
    const sent = body.slice(0, cut);
    const doneIds = new Set(sent.flatMap((e) => (e.type === 'response.output_item.done' ? [(e.item as { id: string }).id] : [])));
    const error = { code: 'server_error', message: options.fail.message };
    events.push(...sent, { type: 'error', sequence_number: 0, code: error.code, message: error.message, param: null });
    events.push({
      type: 'response.failed',
      sequence_number: 0,
      response: {
        ...result,
        status: 'failed',
        completed_at: null,
        output: result.output.filter((item) => doneIds.has(item.id)),
        usage: partialUsage(result, sent, options.fail.countTokens),
        error,
        incomplete_details: null,
      },
    });
  } else {
    for (const e of body) events.push(e);
    events.push({ type: result.status === 'incomplete' ? 'response.incomplete' : 'response.completed', sequence_number: 0, response: result });
  }
  // The debug chunk has no number (see above); every other event was built with a 0 in place.
  let next = 0;
  for (const e of events) if (e.type !== 'response.debug') e.sequence_number = next++;
  return events;
}
