import { resultOutputText, ResponsesResultSchema } from '../../../src/schemas/responses-result.ts';
import { KNOWN_STREAM_EVENT_TYPES, StreamEventSchema, TERMINAL_EVENT_TYPES } from '../../../src/schemas/stream-events.ts';
import { checkUsageArithmetic } from '../../../src/schemas/usage.ts';
import type { Inconclusive, Judgement, Problems } from '../../check.ts';
import { mediaType, type Exchange } from '../../client/exchange.ts';
import { parseStream, type ParsedStream, type StreamEventData } from '../../oracles/parse-stream.ts';
import { metadataPresentProblems, statusDetailsProblems } from './result-oracles.ts';
import { schemaProblems } from '../../oracles/schema-problems.ts';
import { parseOnce } from '../../oracles/parse-once.ts';

type StreamAnswer = Pick<Exchange, 'status' | 'headers' | 'chunks' | 'bodyError'>;

const isTerminal = (type: unknown) => (TERMINAL_EVENT_TYPES as readonly unknown[]).includes(type);
const known = new Set<unknown>(KNOWN_STREAM_EVENT_TYPES);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The preconditions every stream oracle states, each owned by the check whose rule it is:
 * - served 200 with text/event-stream (else `stream.content-type`);
 * - at least one JSON event (else `stream.grammar`), when `events` is asked for;
 * - exactly one terminal event (else `stream.grammar`), when `terminal` is asked for.
 */
export function streamPrecondition(answer: StreamAnswer, need: { events?: boolean; terminal?: boolean } = {}): ParsedStream | Inconclusive {
  if (answer.status !== 200 || mediaType(answer) !== 'text/event-stream') {
    return {
      inconclusive: `the answer is not an event stream (HTTP ${answer.status}, ${answer.headers['content-type'] ?? 'no content type'})`,
      owner: 'stream.content-type',
    };
  }
  const stream = parseStream(answer);
  if ((need.events || need.terminal) && stream.events.filter(Boolean).length === 0)
    return { inconclusive: 'the stream holds no JSON event', owner: 'stream.grammar' };
  if (need.terminal && stream.events.filter((e) => isTerminal(e?.type)).length !== 1)
    return { inconclusive: 'the stream does not hold exactly one terminal event', owner: 'stream.grammar' };
  return stream;
}

const failedPre = (s: ParsedStream | Inconclusive): s is Inconclusive => 'inconclusive' in s;

/** spec 4.1: a valid stream request is served 200 as `text/event-stream`. */
export function streamContentTypeProblems(answer: StreamAnswer): Judgement {
  const problems: string[] = [];
  if (answer.status !== 200)
    problems.push(
      `spec 4.1: a valid stream request must be served 200, got ${answer.status}${answer.status >= 400 ? `: ${new TextDecoder().decode(answer.chunks[0] ?? new Uint8Array()).slice(0, 160)}` : ''}`,
    );
  if (mediaType(answer) !== 'text/event-stream')
    problems.push(`spec 4.1: content-type must be text/event-stream, was "${answer.headers['content-type'] ?? '(none)'}"`);
  return problems;
}

/** spec 4.1, 6.2: the stream ends with `data: [DONE]`, once, and nothing follows it. */
export function streamDoneProblems(answer: StreamAnswer): Judgement {
  const stream = streamPrecondition(answer);
  if (failedPre(stream)) return stream;
  const problems: string[] = [];
  if (answer.bodyError) problems.push(`the stream broke off: ${answer.bodyError}`);
  if (stream.doneAt.length === 0) problems.push('spec 6.2: the stream does not end with the [DONE] sentinel');
  else if (stream.doneAt.length > 1) problems.push(`spec 6.2: [DONE] sent ${stream.doneAt.length} times`);
  else if (stream.doneAt[0] !== stream.messages.length - 1) problems.push('spec 6.2: events follow the [DONE] sentinel');
  if (stream.trailing) problems.push(`spec 6: the stream ends inside an unfinished event: ${JSON.stringify(stream.trailing.slice(0, 80))}`);
  return problems;
}

/**
 * reference grammar: every event of the response carries `sequence_number`, contiguous from 0
 * (`response.created` is 0). A leading debug chunk (spec 6.3) is not judged: the reference leaves
 * its number optional.
 */
export function streamSequenceProblems(answer: StreamAnswer): Judgement {
  const stream = streamPrecondition(answer, { events: true });
  if (failedPre(stream)) return stream;
  let expected = 0;
  for (const [i, event] of stream.events.entries()) {
    if (!event || event.type === 'response.debug') continue;
    const seq = event.sequence_number;
    if (!Number.isInteger(seq)) return [`event ${i} (${String(event.type)}) has no integer sequence_number`];
    if (seq !== expected)
      return [`sequence_number must run 0, 1, 2, ... without gaps: event ${i} (${String(event.type)}) has ${String(seq)}, expected ${expected}`];
    expected++;
  }
  return [];
}

/**
 * spec 6 and the reference grammar: response.created (first) -> response.in_progress -> items ->
 * exactly one terminal event, the last before [DONE]; every known event matches its schema.
 */
export function streamGrammarProblems(answer: StreamAnswer): Judgement {
  const stream = streamPrecondition(answer);
  if (failedPre(stream)) return stream;
  const { events } = stream;
  const problems: string[] = [];
  if (events.length === 0) return ['the stream holds no event'];
  const first = events.findIndex((e) => e?.type !== 'response.debug'); // spec 6.3: a debug chunk may come first
  if (events.some((e) => e === undefined)) problems.push('an event carries data that is not a JSON object');
  if (events[first]?.type !== 'response.created') problems.push(`the first event must be response.created, was ${String(events[first]?.type)}`);
  if (events[first + 1]?.type !== 'response.in_progress')
    problems.push(`response.in_progress must follow response.created, got ${String(events[first + 1]?.type)}`);
  const terminals = events.flatMap((e, i) => (isTerminal(e?.type) ? [i] : []));
  if (terminals.length !== 1) problems.push(`exactly one terminal event (response.completed|incomplete|failed) expected, got ${terminals.length}`);
  else if (terminals[0] !== events.length - 1)
    problems.push(`the terminal event must be the last event, but ${String(events[terminals[0]! + 1]?.type)} follows it`);
  for (const [i, event] of events.entries()) {
    if (!event || !known.has(event.type)) continue;
    const parsed = parseOnce(StreamEventSchema, event);
    if (!parsed.success) problems.push(...schemaProblems(`event ${i} (${String(event.type)})`, parsed.error));
  }
  return [...new Set(problems)].slice(0, 12);
}

/**
 * reference grammar, across events: an item keeps its id and output_index from
 * `output_item.added` to `output_item.done`; every event of the item names that id at that
 * index; every added item and content part is done; nothing about an item comes outside its
 * added..done.
 */
export function streamItemIdentityProblems(answer: StreamAnswer): Judgement {
  const stream = streamPrecondition(answer, { events: true });
  if (failedPre(stream)) return stream;
  const problems: string[] = [];
  const open = new Map<number, string | undefined>(); // output_index -> item id
  const closed = new Set<number>();
  const parts = new Set<string>();
  for (const [i, e] of stream.events.entries()) {
    if (!e || typeof e.type !== 'string') continue;
    const index = e.output_index;
    if (e.type === 'response.output_item.added' || e.type === 'response.output_item.done') {
      const id = isObject(e.item) && typeof e.item.id === 'string' ? e.item.id : undefined;
      if (typeof index !== 'number') {
        problems.push(`event ${i} (${e.type}) has no output_index`);
        continue;
      }
      if (e.type === 'response.output_item.added') {
        if (open.has(index) || closed.has(index)) problems.push(`event ${i}: output_item.added twice for output_index ${index}`);
        open.set(index, id);
      } else {
        if (!open.has(index)) problems.push(`event ${i}: output_item.done for output_index ${index} without output_item.added`);
        else if (open.get(index) !== id)
          problems.push(`event ${i}: output_item.done at output_index ${index} names item ${String(id)}, added was ${String(open.get(index))}`);
        for (const key of parts) if (key.startsWith(`${index}#`)) problems.push(`event ${i}: content part ${key} of item ${String(id)} never done`);
        open.delete(index);
        closed.add(index);
      }
      continue;
    }
    if (typeof index !== 'number' || !e.type.startsWith('response.')) continue;
    if (!open.has(index)) {
      problems.push(`event ${i}: ${e.type} for output_index ${index} outside its output_item.added .. done`);
      continue;
    }
    if ('item_id' in e && e.item_id !== open.get(index))
      problems.push(`event ${i}: ${e.type} names item ${String(e.item_id)} at output_index ${index}, which is item ${String(open.get(index))}`);
    const key = `${index}#${String(e.content_index ?? e.summary_index ?? '-')}`;
    if (e.type === 'response.content_part.added') parts.add(key);
    if (e.type === 'response.content_part.done') {
      if (!parts.has(key)) problems.push(`event ${i}: content_part.done for ${key} without content_part.added`);
      parts.delete(key);
    }
  }
  // A stream that failed part-way may leave its last item open: the failure ends it.
  const failed = stream.events.some((e) => e?.type === 'response.failed');
  if (open.size > 0 && !failed) problems.push(`output items added but never done: output_index ${[...open.keys()].join(', ')}`);
  // The terminal response lists the same items under the same ids and order.
  const terminal = stream.events.find((e) => isTerminal(e?.type));
  const output = isObject(terminal?.response) ? terminal.response.output : undefined;
  if (Array.isArray(output)) {
    const added = stream.events.filter((e) => e?.type === 'response.output_item.done').map((e) => (isObject(e!.item) ? e!.item.id : undefined));
    const final = output.map((item) => (isObject(item) ? item.id : undefined));
    if (JSON.stringify(added) !== JSON.stringify(final))
      problems.push(`the terminal response lists items ${JSON.stringify(final)}, the stream added ${JSON.stringify(added)}`);
  }
  return [...new Set(problems)].slice(0, 8);
}

/**
 * reference grammar against the final output: an item's `output_index` is its position in the
 * terminal response's `output`, and a content part's `content_index` its position in that item's
 * `content` (a stream counting from 1 keeps every id and order right and still breaks this).
 *
 * @example
 * streamItemPositionProblems(answer); // ['event 3: output_item.added at output_index 1, but item msg_1 is output[0] of the terminal response']
 */
export function streamItemPositionProblems(answer: StreamAnswer): Judgement {
  const stream = streamPrecondition(answer, { terminal: true });
  if (failedPre(stream)) return stream;
  const terminal = terminalOf(stream.events)!;
  const output = isObject(terminal.response) ? terminal.response.output : undefined;
  if (!Array.isArray(output)) return { inconclusive: `${String(terminal.type)} carries no response output`, owner: 'stream.terminal-event' };
  const position = new Map(output.flatMap((item, i) => (isObject(item) && typeof item.id === 'string' ? [[item.id, i] as const] : [])));
  const problems: string[] = [];
  for (const [i, e] of stream.events.entries()) {
    if (!e || (e.type !== 'response.output_item.added' && e.type !== 'response.output_item.done' && e.type !== 'response.content_part.done')) continue;
    if (e.type === 'response.content_part.done') {
      const at = typeof e.output_index === 'number' ? output[e.output_index] : undefined;
      const content = isObject(at) && Array.isArray(at.content) ? at.content : undefined;
      if (content && typeof e.content_index === 'number' && e.content_index >= content.length)
        problems.push(
          `event ${i}: content_part.done at content_index ${e.content_index}, but output[${String(e.output_index)}] holds ${content.length} content parts`,
        );
      continue;
    }
    const id = isObject(e.item) && typeof e.item.id === 'string' ? e.item.id : undefined;
    const expected = id === undefined ? undefined : position.get(id);
    if (expected !== undefined && e.output_index !== expected)
      problems.push(`event ${i}: ${String(e.type)} at output_index ${String(e.output_index)}, but item ${id} is output[${expected}] of the terminal response`);
  }
  return [...new Set(problems)].slice(0, 8);
}

function terminalOf(events: readonly (StreamEventData | undefined)[]): StreamEventData | undefined {
  return events.find((e) => isTerminal(e?.type));
}

const TERMINAL_STATUS: Record<string, string> = { 'response.completed': 'completed', 'response.incomplete': 'incomplete', 'response.failed': 'failed' };

/** reference: the terminal event's type agrees with its response's status and incomplete_details. */
export function streamTerminalStatusProblems(answer: StreamAnswer): Judgement {
  const stream = streamPrecondition(answer, { terminal: true });
  if (failedPre(stream)) return stream;
  const terminal = terminalOf(stream.events)!;
  const response = terminal.response;
  if (!isObject(response)) return { inconclusive: `${String(terminal.type)} carries no response object`, owner: 'stream.terminal-event' };
  const problems: string[] = [];
  const expected = TERMINAL_STATUS[String(terminal.type)];
  if (response.status !== expected)
    problems.push(`${String(terminal.type)} carries response.status ${JSON.stringify(response.status)}, expected "${expected}"`);
  problems.push(...statusDetailsProblems(response, String(terminal.type)));
  return problems;
}

/** Reference: the terminal event carries the whole response, with `output` and `usage`, and usage adds up (spec 2.2). */
export function streamTerminalProblems(answer: StreamAnswer): Judgement {
  const stream = streamPrecondition(answer, { terminal: true });
  if (failedPre(stream)) return stream;
  const terminal = terminalOf(stream.events)!;
  const response = terminal.response as { output?: unknown; usage?: unknown } | undefined;
  const problems: string[] = [];
  if (!Array.isArray(response?.output)) problems.push(`${String(terminal.type)} must carry response.output`);
  if (typeof response?.usage !== 'object' || response.usage === null) problems.push(`${String(terminal.type)} must carry response.usage`);
  if (problems.length > 0) return problems;
  const parsed = parseOnce(ResponsesResultSchema, response);
  if (!parsed.success) return schemaProblems(`${String(terminal.type)}.response (spec 2.2 result)`, parsed.error);
  return checkUsageArithmetic(parsed.data.usage).map((p) => `spec 2.2 usage: ${p}`);
}

/**
 * Reference (routing metadata on a stream rides on the terminal event's response object): with the
 * metadata header enabled, the terminal event's response carries `gateway_metadata` of spec 2.6.
 */
export function streamMetadataProblems(answer: StreamAnswer): Judgement {
  const stream = streamPrecondition(answer, { terminal: true });
  if (failedPre(stream)) return stream;
  const terminal = terminalOf(stream.events)!;
  if (!isObject(terminal.response)) return { inconclusive: `${String(terminal.type)} carries no response object`, owner: 'stream.terminal-event' };
  const response = terminal.response;
  if (!isObject(response.gateway_metadata))
    return [
      `${String(terminal.type)}.response carries no gateway_metadata although the metadata header was enabled (on a stream it rides on the terminal event's response)`,
    ];
  // The terminal response is judged as a served result would be.
  return metadataPresentProblems({ status: 200, headers: { 'content-type': 'application/json' }, text: JSON.stringify(response) });
}

const DELTA_DONE: Record<string, { done: string; field: string }> = {
  'response.output_text.delta': { done: 'response.output_text.done', field: 'text' },
  'response.function_call_arguments.delta': { done: 'response.function_call_arguments.done', field: 'arguments' },
  'response.reasoning_text.delta': { done: 'response.reasoning_text.done', field: 'text' },
  'response.reasoning_summary_text.delta': { done: 'response.reasoning_summary_text.done', field: 'text' },
  'response.refusal.delta': { done: 'response.refusal.done', field: 'refusal' },
};
const DONE_FIELD = Object.fromEntries(Object.values(DELTA_DONE).map((d) => [d.done, d.field]));

/**
 * spec 6.4: deltas joined are their done event (text, function arguments, reasoning text and
 * summaries, refusals), and the output text deltas join to the terminal response's output text.
 * Precondition: a terminal event (its output is what the text is compared with).
 */
export function streamDeltaProblems(answer: StreamAnswer): Judgement {
  const stream = streamPrecondition(answer, { terminal: true });
  if (failedPre(stream)) return stream;
  const problems: string[] = [];
  const joined = new Map<string, string>();
  const key = (e: StreamEventData, family: string) => `${family}:${String(e.item_id)}#${String(e.content_index ?? e.summary_index ?? '-')}`;
  let doneText = '';
  for (const e of stream.events) {
    if (!e || typeof e.type !== 'string') continue;
    const delta = DELTA_DONE[e.type];
    if (delta) {
      if (typeof e.delta !== 'string') problems.push(`${e.type} without a string delta`);
      else joined.set(key(e, delta.done), (joined.get(key(e, delta.done)) ?? '') + e.delta);
      continue;
    }
    const field = DONE_FIELD[e.type];
    if (!field) continue;
    const got = joined.get(key(e, e.type)) ?? '';
    if (got !== e[field])
      problems.push(
        `${e.type}: deltas of ${key(e, e.type)} join to ${JSON.stringify(got.slice(0, 60))}, the done ${field} is ${JSON.stringify(String(e[field]).slice(0, 60))}`,
      );
    if (e.type === 'response.output_text.done') doneText += typeof e.text === 'string' ? e.text : '';
  }
  // Every run of deltas ends with its done event: a dropped done leaves the joined text unchecked.
  const done = new Set(stream.events.filter((e) => e && typeof e.type === 'string' && e.type in DONE_FIELD).map((e) => key(e!, String(e!.type))));
  for (const k of joined.keys()) if (!done.has(k)) problems.push(`deltas of ${k.replace(/^[^:]*:/, '')} are never followed by ${k.split(':')[0]}`);
  const response = terminalOf(stream.events)?.response as { output?: unknown } | undefined;
  if (Array.isArray(response?.output)) {
    const finalText = resultOutputText({ output: response.output as never });
    if (finalText !== doneText)
      problems.push(`the done texts join to ${JSON.stringify(doneText.slice(0, 60))}, the final output text is ${JSON.stringify(finalText.slice(0, 60))}`);
  }
  return problems;
}

/**
 * reference: once 200 was sent, a failure is reported in-stream (`error` then `response.failed`),
 * never swallowed into an empty "success" (a known client pitfall).
 */
export function inStreamErrorProblems(answer: StreamAnswer): Judgement {
  if (answer.status !== 200) return [`a failure after the headers must keep the 200 and report in-stream, got ${answer.status}`];
  const stream = streamPrecondition(answer);
  if (failedPre(stream)) return stream;
  const types = stream.events.map((e) => e?.type);
  const error = types.indexOf('error');
  const failed = types.indexOf('response.failed');
  if (error < 0) return ['no in-stream error event'];
  if (failed < error) return ['response.failed must follow the error event'];
  if (types.includes('response.completed')) return ['a failed stream must not also complete'];
  return [];
}

/** reference: the `error` event is flat: `{type: "error", code, message, param, sequence_number}`. Precondition: an error event. */
export function errorEventProblems(answer: StreamAnswer): Judgement {
  const stream = streamPrecondition(answer, { events: true });
  if (failedPre(stream)) return stream;
  const event = stream.events.find((e) => e?.type === 'error');
  if (!event) return { inconclusive: 'the stream holds no error event', owner: 'stream.in-stream-error' };
  const problems: Problems = [
    ...(typeof event.message === 'string' ? [] : [`the error event has no top-level string message (${JSON.stringify(event).slice(0, 120)})`]),
    ...('code' in event && (typeof event.code === 'string' || typeof event.code === 'number' || event.code === null)
      ? []
      : ['the error event has no top-level code (string, number or null)']),
    ...('param' in event ? [] : ['the error event has no param member (null when no parameter is at fault)']),
    ...(Number.isInteger(event.sequence_number) ? [] : ['the error event has no integer sequence_number']),
    ...(isObject(event.error) ? ['the error event nests its error under "error"; it must be flat'] : []),
  ];
  return problems;
}
