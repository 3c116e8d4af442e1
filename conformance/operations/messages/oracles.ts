import { z } from 'zod';
import type { Inconclusive, Judgement, Problems } from '../../check.ts';
import { exchangeJson, mediaType, type Exchange } from '../../client/exchange.ts';
import { readSse } from '../../sse/read-sse.ts';
import { MESSAGES_EVENT_SCHEMAS, MessagesErrorSchema, MessagesResultSchema } from './schemas.ts';
import { schemaProblems } from '../../oracles/schema-problems.ts';
import { toolCallProblems, type ToolDeclared } from '../../oracles/tool-arguments-problems.ts';
import { parseOnce } from '../../oracles/parse-once.ts';
import { MESSAGES_STOP_NAMES, stopByUsageProblems } from '../../oracles/stop-by-usage.ts';

type Answer = Pick<Exchange, 'status' | 'headers' | 'text'>;
type StreamAnswer = Pick<Exchange, 'status' | 'headers' | 'text' | 'chunks'>;
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInconclusive = (v: unknown): v is Inconclusive => typeof (v as Inconclusive | undefined)?.inconclusive === 'string';

/**
 * reference `MessagesResult`: a valid messages request is served 200 application/json holding a
 * message (every schema problem with its path).
 *
 * @example
 * messagesResultShapeProblems(exchange); // [] for a conforming message
 */
export function messagesResultShapeProblems(answer: Answer): Problems {
  if (answer.status < 200 || answer.status >= 300)
    return [`reference MessagesResult: a valid messages request must be served 200, got ${answer.status}: ${answer.text.slice(0, 160)}`];
  const problems: string[] = [];
  if (mediaType(answer) !== 'application/json')
    problems.push(`reference MessagesResult: content-type must be application/json, was "${answer.headers['content-type'] ?? '(none)'}"`);
  const parsed = parseOnce(MessagesResultSchema, exchangeJson(answer));
  if (!parsed.success) problems.push(...schemaProblems('reference MessagesResult', parsed.error));
  return problems;
}

const MessagesCoreSchema = z.object({
  type: z.literal('message'),
  content: z.array(z.looseObject({ type: z.string() })),
  stop_reason: z.unknown(),
  usage: z.unknown(),
});

/** Precondition of the other messages oracles: a message to judge (`messages.result-shape` owns it). */
function messageOf(answer: Answer): z.infer<typeof MessagesCoreSchema> | Inconclusive {
  if (answer.status < 200 || answer.status >= 300)
    return { inconclusive: `the messages request was not served (HTTP ${answer.status})`, owner: 'messages.result-shape' };
  const parsed = parseOnce(MessagesCoreSchema, exchangeJson(answer));
  return parsed.success ? parsed.data : { inconclusive: 'the answer is not a message with content', owner: 'messages.result-shape' };
}

/** One event of a messages stream: its SSE event name and its data, parsed. */
export interface MessagesEvent {
  readonly name: string | undefined;
  readonly data: Json | undefined;
}

/** The events of a messages stream, when the answer is one (`messages.stream-grammar` owns it). */
export function messagesEvents(answer: StreamAnswer): MessagesEvent[] | Inconclusive {
  if (answer.status !== 200 || mediaType(answer) !== 'text/event-stream') {
    return {
      inconclusive: `the stream request got HTTP ${answer.status} ${answer.headers['content-type'] ?? ''}, not a 200 event stream`,
      owner: 'messages.stream-grammar',
    };
  }
  return readSse(answer.chunks).messages.map((m) => {
    let data: unknown;
    try {
      data = JSON.parse(m.data);
    } catch {
      data = undefined;
    }
    return { name: m.event, data: isObject(data) ? data : undefined };
  });
}

/** The prefix of every problem of an event's own members (rule `messages.stream-event-members`). */
export const EVENT_MEMBERS = 'reference MessagesStreamEvents';

/**
 * reference `MessagesStreamingResponse` (`event` and `data` required) and `MessagesStreamEvents`:
 * the event names its type on an `event:` line equal to `data.type`, and its data carries every
 * member the reference requires of that type.
 *
 * @example
 * messagesEventMemberProblems({ name: 'message_stop', data: { type: 'message_stop' } }, 9); // []
 */
export function messagesEventMemberProblems(e: MessagesEvent, i: number): string[] {
  const type = String(e.data?.type);
  const problems: string[] = [];
  if (e.name === undefined) problems.push(`${EVENT_MEMBERS}: event ${i} (${type}) has no event: line (MessagesStreamingResponse requires it)`);
  else if (e.name !== type) problems.push(`${EVENT_MEMBERS}: event ${i} is named "${e.name}" but its data is ${type}`);
  const schema = MESSAGES_EVENT_SCHEMAS[type];
  if (!schema) return [...problems, `${EVENT_MEMBERS}: event ${i} has type ${JSON.stringify(e.data?.type)}, not one of the reference's`];
  const parsed = parseOnce(schema, e.data);
  return parsed.success ? problems : [...problems, ...schemaProblems(`${EVENT_MEMBERS} ${type} (event ${i})`, parsed.error)];
}

/** The delta kinds each block kind takes (reference `MessagesContentBlockDeltaEvent`). */
const DELTAS_OF: Readonly<Record<string, readonly string[]>> = {
  text: ['text_delta', 'citations_delta'],
  tool_use: ['input_json_delta'],
  server_tool_use: ['input_json_delta'],
  thinking: ['thinking_delta', 'signature_delta'],
};

/**
 * reference `MessagesStreamingResponse`: 200 text/event-stream whose events each name their type
 * (`event:` equal to `data.type`) and carry the members their schema requires; message_start first; blocks opened by content_block_start with
 * indexes 0, 1, 2, ... one at a time, each delta inside its open block and of its kind, each block
 * closed by content_block_stop of its index; then one message_delta with a stop_reason; then
 * message_stop last. ping may come anywhere; an error event is a problem for a valid request.
 *
 * @example
 * messagesStreamGrammarProblems(exchange); // [] for a conforming stream
 */
export function messagesStreamGrammarProblems(answer: StreamAnswer): Judgement {
  const where = 'reference MessagesStreamingResponse';
  if (answer.status !== 200) return [`${where}: a stream request must be answered 200, got ${answer.status}: ${answer.text.slice(0, 160)}`];
  if (mediaType(answer) !== 'text/event-stream')
    return [`${where}: content-type must be text/event-stream, was "${answer.headers['content-type'] ?? '(none)'}"`];
  const events = messagesEvents(answer);
  if (isInconclusive(events)) return events;
  const problems: string[] = [];
  const typed = events.filter((e) => e.data?.type !== 'ping');
  for (const [i, e] of events.entries()) {
    if (e.data === undefined) return [`${where}: event ${i} is not a JSON object`];
    problems.push(...messagesEventMemberProblems(e, i));
  }
  if (typed.length === 0) return [`${where}: the stream holds no event`];
  const types = typed.map((e) => String(e.data!.type));
  if (types[0] !== 'message_start' || !isObject(typed[0]!.data!.message))
    problems.push(`${where}: the first event must be message_start with its message, got ${types[0]}`);
  const error = typed.find((e) => e.data!.type === 'error');
  if (error) problems.push(`${where}: the stream reported an error for a valid request: ${JSON.stringify(error.data!.error)}`);
  let open: { index: number; kind: string } | undefined;
  let started = 0;
  let deltaAt = -1;
  for (const [i, e] of typed.entries()) {
    const d = e.data!;
    if (d.type === 'content_block_start') {
      const kind = isObject(d.content_block) ? String(d.content_block.type) : '';
      if (open) problems.push(`${where}: content_block_start ${String(d.index)} opens while block ${open.index} is still open`);
      if (d.index !== started) problems.push(`${where}: content_block_start has index ${String(d.index)}, expected ${started} (indexes run 0, 1, 2, ...)`);
      if (deltaAt >= 0) problems.push(`${where}: a block starts after message_delta`);
      open = { index: Number(d.index), kind };
      started++;
    } else if (d.type === 'content_block_delta') {
      const deltaType = isObject(d.delta) ? String(d.delta.type) : '';
      if (!open || d.index !== open.index) problems.push(`${where}: content_block_delta for index ${String(d.index)} outside its open block`);
      else if (DELTAS_OF[open.kind] && !DELTAS_OF[open.kind]!.includes(deltaType)) problems.push(`${where}: a ${deltaType} inside a ${open.kind} block`);
    } else if (d.type === 'content_block_stop') {
      if (!open || d.index !== open.index)
        problems.push(`${where}: content_block_stop for index ${String(d.index)} does not close the open block${open ? ` (${open.index})` : ''}`);
      open = undefined;
    } else if (d.type === 'message_delta') {
      if (deltaAt >= 0) problems.push(`${where}: message_delta comes more than once`);
      deltaAt = i;
      const stop = isObject(d.delta) ? d.delta.stop_reason : undefined;
      if (typeof stop !== 'string') problems.push(`${where}: message_delta must carry a stop_reason, got ${JSON.stringify(stop)}`);
    }
  }
  if (open) problems.push(`${where}: block ${open.index} is never stopped`);
  if (deltaAt < 0) problems.push(`${where}: no message_delta`);
  if (types.at(-1) !== 'message_stop') problems.push(`${where}: the last event must be message_stop, got ${types.at(-1)}`);
  if (types.filter((t) => t === 'message_stop').length > 1) problems.push(`${where}: message_stop comes more than once`);
  if (deltaAt >= 0 && deltaAt !== typed.length - 2) problems.push(`${where}: message_delta must come just before message_stop`);
  return problems;
}

/** The stop reason of a message and its output token count, plain (`stop_reason`, `usage`) or streamed (the message_delta's). */
export function messagesStop(answer: StreamAnswer, streamed: boolean): { reason: unknown; outputTokens: unknown } | Inconclusive {
  if (!streamed) {
    const message = messageOf(answer);
    if (isInconclusive(message)) return message;
    return { reason: message.stop_reason, outputTokens: isObject(message.usage) ? message.usage.output_tokens : undefined };
  }
  const events = messagesEvents(answer);
  if (isInconclusive(events)) return events;
  const data = events.find((e) => e.data?.type === 'message_delta')?.data;
  return { reason: isObject(data?.delta) ? data.delta.stop_reason : undefined, outputTokens: isObject(data?.usage) ? data.usage.output_tokens : undefined };
}

/**
 * reference `ORAnthropicStopReason`: a forced tool ends `tool_use`; a text answer is judged by its
 * usage against the request's `max_tokens` (stop-by-usage.ts), never by what its prompt was
 * expected to do.
 */
export function messagesStopReasonProblems(answer: StreamAnswer, cause: string, streamed: boolean, body: unknown): Judgement {
  const got = messagesStop(answer, streamed);
  if (isInconclusive(got)) return got;
  const where = streamed ? ' (message_delta)' : '';
  if (cause === 'tool_use')
    return got.reason === 'tool_use'
      ? []
      : [`reference ORAnthropicStopReason: the request forced a tool, so stop_reason must be "tool_use", was ${JSON.stringify(got.reason)}${where}`];
  return stopByUsageProblems(MESSAGES_STOP_NAMES, got.reason, got.outputTokens, (body as { max_tokens?: unknown } | undefined)?.max_tokens).map(
    (p) => `${p}${where}`,
  );
}

/** The tools of a messages request, as the tool-use oracle reads them. */
export function messagesTools(body: unknown): ToolDeclared[] {
  const tools = (body as { tools?: unknown } | undefined)?.tools;
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((t: { name?: unknown; input_schema?: unknown }) =>
    typeof t?.name === 'string' ? [{ name: t.name, schema: (t.input_schema ?? { type: 'object' }) as Record<string, unknown> }] : [],
  );
}

/**
 * reference `AnthropicToolUseBlock`: a request forcing a tool is answered with tool_use blocks, each
 * with an id of its own, a declared tool's name and an input valid for its input_schema; streamed,
 * the input_json_delta fragments of each block join to such an input.
 */
export function messagesToolUseProblems(answer: StreamAnswer, body: unknown, streamed: boolean): Judgement {
  const tools = messagesTools(body);
  if (!streamed) {
    const message = messageOf(answer);
    if (isInconclusive(message)) return message;
    const uses = message.content.filter((b) => b.type === 'tool_use');
    if (uses.length === 0) return ['reference AnthropicToolUseBlock: tool_choice "any" was answered without a tool_use block'];
    return toolCallProblems(
      'reference AnthropicToolUseBlock',
      uses.map((b) => ({ id: b.id as string | undefined, name: b.name as string | undefined, input: b.input })),
      tools,
      false,
    );
  }
  const events = messagesEvents(answer);
  if (isInconclusive(events)) return events;
  const blocks = new Map<number, { id?: string; name?: string; input: string }>();
  for (const { data } of events) {
    if (data?.type === 'content_block_start' && isObject(data.content_block) && data.content_block.type === 'tool_use') {
      blocks.set(Number(data.index), { id: data.content_block.id as string | undefined, name: data.content_block.name as string | undefined, input: '' });
    } else if (data?.type === 'content_block_delta' && isObject(data.delta) && data.delta.type === 'input_json_delta') {
      const block = blocks.get(Number(data.index));
      if (block) block.input += String(data.delta.partial_json ?? '');
    }
  }
  if (blocks.size === 0) return ['reference AnthropicToolUseBlock: tool_choice "any" was streamed without a tool_use block'];
  return toolCallProblems(
    'reference input_json_delta (joined)',
    [...blocks.values()].map((b) => ({ id: b.id, name: b.name, input: b.input === '' ? '{}' : b.input })),
    tools,
    true,
  );
}

/** The Anthropic error type each status gets (reference `AnthropicMessagesErrorResponse`). */
const ERROR_TYPE_OF: Readonly<Record<number, string>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
  529: 'overloaded_error',
};

/**
 * reference `AnthropicMessagesErrorResponse`: the answer is `status` with JSON
 * `{type: "error", error: {type, message}, request_id}`, the error type matching the status.
 *
 * @example
 * expectMessagesError(401)(exchange); // [] for {type: 'error', error: {type: 'authentication_error', ...}, request_id: null}
 */
export function expectMessagesError(status: number) {
  return (answer: Answer): Problems => {
    if (answer.status !== status) return [`expected HTTP ${status}, got ${answer.status}: ${answer.text.slice(0, 160)}`];
    const problems: string[] = [];
    if (mediaType(answer) !== 'application/json')
      problems.push(`reference AnthropicMessagesErrorResponse: content-type must be application/json, was "${answer.headers['content-type'] ?? '(none)'}"`);
    const parsed = parseOnce(MessagesErrorSchema, exchangeJson(answer));
    if (!parsed.success) return [...problems, ...schemaProblems('reference AnthropicMessagesErrorResponse', parsed.error)];
    const expected = ERROR_TYPE_OF[status];
    if (expected && parsed.data.error.type !== expected)
      problems.push(`reference AnthropicMessagesErrorResponse: a ${status} has error.type ${expected}, got ${parsed.data.error.type}`);
    return problems;
  };
}

/**
 * reference `MessagesErrorEvent`: a failure after the 200 is an `error` event
 * {type: "error", error: {type, message}}, the last event of the stream: no message_stop after it,
 * so a client never takes the cut answer for a finished one.
 *
 * @example
 * messagesInStreamErrorProblems(exchange); // [] when the stream ends with its error event
 */
export function messagesInStreamErrorProblems(answer: StreamAnswer): Judgement {
  const where = 'reference MessagesErrorEvent';
  const events = messagesEvents(answer);
  if (isInconclusive(events)) return events;
  const typed = events.filter((e) => e.data?.type !== 'ping');
  const at = typed.findIndex((e) => e.data?.type === 'error');
  if (at < 0) return [`${where}: a failure after the 200 must be reported as an error event; none came (${typed.map((e) => String(e.data?.type)).join(', ')})`];
  const problems: string[] = [];
  const error = typed[at]!.data!.error;
  if (!isObject(error) || typeof error.type !== 'string' || typeof error.message !== 'string')
    problems.push(`${where}: the event must carry error {type, message}, got ${JSON.stringify(error)}`);
  if (typed[at]!.name !== undefined && typed[at]!.name !== 'error') problems.push(`${where}: the event is named "${typed[at]!.name}", not error`);
  if (at !== typed.length - 1)
    problems.push(
      `${where}: the error event must be the last, ${typed
        .slice(at + 1)
        .map((e) => String(e.data?.type))
        .join(', ')} came after it`,
    );
  return problems;
}
