import { resultOutputText, ResponsesResultSchema } from '../../src/schemas/responses-result.ts';
import { KNOWN_STREAM_EVENT_TYPES, StreamEventSchema, TERMINAL_EVENT_TYPES } from '../../src/schemas/stream-events.ts';
import { checkUsageArithmetic } from '../../src/schemas/usage.ts';
import type { Problems } from '../check.ts';
import { mediaType, type Exchange } from '../client/exchange.ts';
import { parseStream, type StreamEventData } from './parse-stream.ts';

type StreamAnswer = Pick<Exchange, 'status' | 'headers' | 'chunks' | 'bodyError'>;

const isTerminal = (type: unknown) => (TERMINAL_EVENT_TYPES as readonly unknown[]).includes(type);
const known = new Set<unknown>(KNOWN_STREAM_EVENT_TYPES);

function okStatus(answer: StreamAnswer): Problems {
  return answer.status === 200 ? [] : [`spec 4.1: a stream request must answer 200, got ${answer.status}`];
}

/** spec 4.1: a stream is served as `text/event-stream`. */
export function streamContentTypeProblems(answer: StreamAnswer): Problems {
  const problems = [...okStatus(answer)];
  if (mediaType(answer) !== 'text/event-stream') {
    problems.push(`spec 4.1: content-type must be text/event-stream, was "${answer.headers['content-type'] ?? '(none)'}"`);
  }
  return problems;
}

/** spec 4.1, 6.2: the stream ends with `data: [DONE]`, once, and nothing follows it. */
export function streamDoneProblems(answer: StreamAnswer): Problems {
  const problems = [...okStatus(answer)];
  const stream = parseStream(answer);
  if (answer.bodyError) problems.push(`the stream broke off: ${answer.bodyError}`);
  if (stream.doneAt.length === 0) problems.push('spec 6.2: the stream does not end with the [DONE] sentinel');
  else if (stream.doneAt.length > 1) problems.push(`spec 6.2: [DONE] sent ${stream.doneAt.length} times`);
  else if (stream.doneAt[0] !== stream.messages.length - 1) problems.push('spec 6.2: events follow the [DONE] sentinel');
  if (stream.trailing) problems.push(`spec 6: the stream ends inside an unfinished event: ${JSON.stringify(stream.trailing.slice(0, 80))}`);
  return problems;
}

/** reference grammar: every event carries `sequence_number`, contiguous from 0. */
export function streamSequenceProblems(answer: StreamAnswer): Problems {
  const stream = parseStream(answer);
  for (const [i, event] of stream.events.entries()) {
    const seq = event?.sequence_number;
    if (!Number.isInteger(seq)) return [`event ${i} (${String(event?.type)}) has no integer sequence_number`];
    if (seq !== i) return [`sequence_number must run 0, 1, 2, ... without gaps: event ${i} (${String(event?.type)}) has ${String(seq)}`];
  }
  return [];
}

/**
 * spec 6 and the reference grammar: response.created (first) -> response.in_progress -> items
 * (output_item.added before its parts and deltas, output_item.done after) -> exactly one terminal
 * event, the last before [DONE]; every known event matches its schema.
 */
export function streamGrammarProblems(answer: StreamAnswer): Problems {
  const problems: string[] = [...okStatus(answer)];
  const { events } = parseStream(answer);
  const first = events.findIndex((e) => e?.type !== 'response.debug'); // spec 6.3: a debug chunk may come first
  if (events.some((e) => e === undefined)) problems.push('an event carries data that is not a JSON object');
  if (events[first]?.type !== 'response.created') problems.push(`the first event must be response.created, was ${String(events[first]?.type)}`);
  if (events[first + 1]?.type !== 'response.in_progress') problems.push(`response.in_progress must follow response.created, got ${String(events[first + 1]?.type)}`);
  const terminals = events.flatMap((e, i) => (isTerminal(e?.type) ? [i] : []));
  if (terminals.length !== 1) problems.push(`exactly one terminal event (response.completed|incomplete|failed) expected, got ${terminals.length}`);
  else if (terminals[0] !== events.length - 1) problems.push(`the terminal event must be the last event, but ${String(events[terminals[0]! + 1]?.type)} follows it`);
  const open = new Set<number>();
  const closed = new Set<number>();
  for (const [i, event] of events.entries()) {
    if (!event) continue;
    if (known.has(event.type)) {
      const parsed = StreamEventSchema.safeParse(event);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        problems.push(`event ${i} (${String(event.type)}) does not match its schema at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
      }
    }
    const index = event.output_index;
    if (typeof index !== 'number') continue;
    if (event.type === 'response.output_item.added') {
      if (open.has(index) || closed.has(index)) problems.push(`event ${i}: output_item.added twice for output_index ${index}`);
      open.add(index);
    } else if (event.type === 'response.output_item.done') {
      if (!open.has(index)) problems.push(`event ${i}: output_item.done for output_index ${index} without output_item.added`);
      open.delete(index);
      closed.add(index);
    } else if (!open.has(index)) {
      problems.push(`event ${i}: ${String(event.type)} for output_index ${index} outside its output_item.added .. done`);
    }
  }
  if (open.size > 0) problems.push(`output items never done: ${[...open].join(', ')}`);
  return [...new Set(problems)].slice(0, 5);
}

function terminalOf(events: readonly (StreamEventData | undefined)[]): StreamEventData | undefined {
  return events.find((e) => isTerminal(e?.type));
}

/** Reference: the terminal event carries the whole response, with `output` and `usage`, and usage adds up (spec 2.2). */
export function streamTerminalProblems(answer: StreamAnswer): Problems {
  const terminal = terminalOf(parseStream(answer).events);
  if (!terminal) return ['the stream has no terminal event (response.completed|incomplete|failed)'];
  const response = terminal.response as { output?: unknown; usage?: unknown } | undefined;
  const problems: string[] = [];
  if (!Array.isArray(response?.output)) problems.push(`${String(terminal.type)} must carry response.output`);
  if (typeof response?.usage !== 'object' || response.usage === null) problems.push(`${String(terminal.type)} must carry response.usage`);
  if (problems.length > 0) return problems;
  const parsed = ResponsesResultSchema.safeParse(response);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return [`${String(terminal.type)}.response does not match the result schema (spec 2.2) at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`];
  }
  return checkUsageArithmetic(parsed.data.usage).map((p) => `spec 2.2 usage: ${p}`);
}

/**
 * spec 6.4: text deltas joined are the done text, and the terminal response's output text;
 * function-call argument deltas joined are the done arguments.
 */
export function streamDeltaProblems(answer: StreamAnswer): Problems {
  const { events } = parseStream(answer);
  const problems: string[] = [];
  const joined = new Map<string, string>();
  const key = (e: StreamEventData) => `${String(e.item_id)}#${String(e.content_index ?? '-')}`;
  let doneText = '';
  for (const e of events) {
    if (!e) continue;
    if (e.type === 'response.output_text.delta' || e.type === 'response.function_call_arguments.delta') {
      if (typeof e.delta !== 'string') problems.push(`${e.type} without a string delta`);
      else joined.set(key(e), (joined.get(key(e)) ?? '') + e.delta);
    } else if (e.type === 'response.output_text.done') {
      const got = joined.get(key(e)) ?? '';
      if (got !== e.text) problems.push(`output_text deltas of ${key(e)} join to ${JSON.stringify(got.slice(0, 60))}, done text is ${JSON.stringify(String(e.text).slice(0, 60))}`);
      doneText += typeof e.text === 'string' ? e.text : '';
    } else if (e.type === 'response.function_call_arguments.done') {
      const got = joined.get(key(e)) ?? '';
      if (got !== e.arguments) problems.push(`function_call_arguments deltas of ${String(e.item_id)} join to ${JSON.stringify(got.slice(0, 60))}, done arguments are ${JSON.stringify(String(e.arguments).slice(0, 60))}`);
    }
  }
  const terminal = terminalOf(events);
  const response = terminal?.response as { output?: unknown } | undefined;
  if (Array.isArray(response?.output)) {
    const finalText = resultOutputText({ output: response.output as never });
    if (finalText !== doneText) problems.push(`the done texts join to ${JSON.stringify(doneText.slice(0, 60))}, the final output text is ${JSON.stringify(finalText.slice(0, 60))}`);
  }
  return problems;
}
