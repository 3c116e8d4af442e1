import type { Inconclusive, Judgement } from '../../check.ts';
import { mediaType, type Exchange } from '../../client/exchange.ts';
import { ChatChunkSchema, type ChatChunk } from './schemas.ts';
import { chatResult, chatTools, chatUsageArithmetic } from './result-oracles.ts';
import { parseStream } from '../../oracles/parse-stream.ts';
import { schemaProblems } from '../../oracles/schema-problems.ts';
import { toolCallProblems } from '../../oracles/tool-arguments-problems.ts';
import { parseOnce } from '../../oracles/parse-once.ts';

type StreamAnswer = Pick<Exchange, 'status' | 'headers' | 'chunks' | 'text'>;

const isInconclusive = (v: unknown): v is Inconclusive => typeof (v as Inconclusive | undefined)?.inconclusive === 'string';

/** The chunks of a chat stream, when the answer is one: a 200 event stream of JSON chunks (`chat.stream-grammar` owns it). */
export function chatChunks(answer: StreamAnswer): ChatChunk[] | Inconclusive {
  if (answer.status !== 200 || mediaType(answer) !== 'text/event-stream') {
    return {
      inconclusive: `the stream request got HTTP ${answer.status} ${answer.headers['content-type'] ?? ''}, not a 200 event stream`,
      owner: 'chat.stream-grammar',
    };
  }
  const chunks: ChatChunk[] = [];
  for (const event of parseStream(answer).events) {
    const parsed = parseOnce(ChatChunkSchema, event);
    if (!parsed.success) return { inconclusive: 'a stream event is not a chat.completion.chunk', owner: 'chat.stream-grammar' };
    chunks.push(parsed.data);
  }
  return chunks;
}

const carriesUsage = (c: ChatChunk) => c.usage !== undefined && c.usage !== null;

/**
 * reference `ChatStreamingResponse`: a 200 text/event-stream of `chat.completion.chunk` events, all
 * with one id; the first delta carries role assistant (later ones may repeat it, as real gateways
 * do, but never another role); exactly one chunk carries a finish_reason and no content follows
 * it; one usage chunk (no choices, usage adding up) comes after it, as the last chunk, whether or
 * not `stream_options.include_usage` asked for it (reference `ChatStreamOptions`: usage is always
 * included, the field "has no effect"); then `data: [DONE]`, once, last.
 *
 * @example
 * chatStreamGrammarProblems(exchange); // [] for a conforming stream with its usage chunk
 */
export function chatStreamGrammarProblems(answer: StreamAnswer): Judgement {
  const where = 'reference ChatStreamingResponse';
  if (answer.status !== 200) return [`${where}: a stream request must be answered 200, got ${answer.status}: ${answer.text.slice(0, 160)}`];
  if (mediaType(answer) !== 'text/event-stream')
    return [`${where}: content-type must be text/event-stream, was "${answer.headers['content-type'] ?? '(none)'}"`];
  const stream = parseStream(answer);
  const problems: string[] = [];
  const last = stream.messages.length - 1;
  if (stream.doneAt.length !== 1 || stream.doneAt[0] !== last)
    problems.push(
      `${where}: the stream must end with data: [DONE], once, last (found ${stream.doneAt.length} at ${JSON.stringify(stream.doneAt)} of ${stream.messages.length} messages)`,
    );
  const chunks: ChatChunk[] = [];
  for (const [i, event] of stream.events.entries()) {
    const parsed = parseOnce(ChatChunkSchema, event);
    if (!parsed.success) return [...problems, ...schemaProblems(`${where} chunk ${i}`, parsed.error)];
    chunks.push(parsed.data);
  }
  if (chunks.length === 0) return [...problems, `${where}: the stream holds no chunk`];
  const ids = new Set(chunks.map((c) => c.id));
  if (ids.size !== 1) problems.push(`${where}: every chunk carries the completion's one id, found ${[...ids].join(', ')}`);
  const errors = chunks.filter((c) => c.error !== undefined);
  if (errors.length > 0) problems.push(`${where}: the stream reported an error for a valid request: ${JSON.stringify(errors[0]!.error)}`);
  const withChoices = chunks.map((c, i) => ({ c, i })).filter(({ c }) => c.choices.length > 0);
  if (withChoices.length === 0) return [...problems, `${where}: no chunk carries a choice`];
  if (withChoices[0]!.c.choices[0]!.delta.role !== 'assistant') problems.push(`${where}: the first delta must carry role "assistant"`);
  const finishing = withChoices.filter(({ c }) => c.choices.some((ch) => ch.finish_reason !== null));
  if (finishing.length !== 1) problems.push(`${where}: exactly one chunk carries a finish_reason, found ${finishing.length}`);
  const finishAt = finishing[0]?.i ?? chunks.length;
  const afterFinish = withChoices.filter(({ i }) => i > finishAt);
  if (afterFinish.length > 0) problems.push(`${where}: chunk ${afterFinish[0]!.i} carries a choice after the finishing chunk ${finishAt}`);
  const usageChunks = chunks.map((c, i) => ({ c, i })).filter(({ c }) => carriesUsage(c));
  if (usageChunks.length === 0) problems.push(`${where}: a stream ends with a usage chunk (reference ChatStreamOptions: usage is always included); none came`);
  if (usageChunks.length > 1) problems.push(`${where}: at most one chunk carries usage, found ${usageChunks.length}`);
  const usage = usageChunks[0];
  if (usage) {
    if (usage.i !== chunks.length - 1) problems.push(`${where}: the usage chunk (${usage.i}) must be the last chunk before [DONE] (${chunks.length - 1})`);
    if (usage.c.choices.length !== 0) problems.push(`${where}: the usage chunk carries no choices (got ${usage.c.choices.length})`);
    problems.push(...chatUsageArithmetic(usage.c.usage!, 'usage chunk'));
  }
  return problems;
}

/** The text the content deltas of a chat stream join to (first choice). */
export function joinedContent(chunks: readonly ChatChunk[]): string {
  return chunks.flatMap((c) => c.choices.filter((ch) => ch.index === 0).map((ch) => ch.delta.content ?? '')).join('');
}

/**
 * Streamed and plain answers to the same request (same seed) agree: the content deltas join to the
 * content of the non-streamed answer, and both end for the same reason.
 */
export function chatStreamJoinProblems(stream: StreamAnswer, plain: Pick<Exchange, 'status' | 'headers' | 'text'>): Judgement {
  const chunks = chatChunks(stream);
  if (isInconclusive(chunks)) return chunks;
  const result = chatResult(plain);
  if (isInconclusive(result)) return result;
  const problems: string[] = [];
  const streamed = joinedContent(chunks);
  const content = result.choices[0]!.message.content;
  const text = typeof content === 'string' ? content : '';
  if (streamed !== text)
    problems.push(
      `the content deltas join to ${JSON.stringify(streamed.slice(0, 120))}, the non-streamed answer to the same request says ${JSON.stringify(text.slice(0, 120))}`,
    );
  const finish = chunks.flatMap((c) => c.choices.map((ch) => ch.finish_reason)).find((f) => f !== null);
  if (finish !== result.choices[0]!.finish_reason)
    problems.push(`the stream finishes with ${JSON.stringify(finish)}, the non-streamed answer with ${JSON.stringify(result.choices[0]!.finish_reason)}`);
  return problems;
}

/** The usage a chat stream reports (its usage chunk), or undefined. */
export function streamedUsage(chunks: readonly ChatChunk[]): ChatChunk['usage'] {
  return chunks.find(carriesUsage)?.usage;
}

/** The finish reason a chat stream ends with (the first non-null one), or undefined. */
export function streamedFinishReason(chunks: readonly ChatChunk[]): unknown {
  return chunks.flatMap((c) => c.choices.map((ch) => ch.finish_reason)).find((f) => f !== null);
}

/**
 * reference `ChatStreamToolCall`: tool-call fragments joined by index hold, per call, an id, a
 * declared function's name and arguments that are JSON valid for its parameters.
 */
export function chatStreamToolCallProblems(answer: StreamAnswer, body: unknown): Judgement {
  const chunks = chatChunks(answer);
  if (isInconclusive(chunks)) return chunks;
  const calls = new Map<number, { id?: string; name?: string; input: string }>();
  for (const chunk of chunks) {
    for (const fragment of chunk.choices.flatMap((ch) => ch.delta.tool_calls ?? [])) {
      const call = calls.get(fragment.index) ?? { input: '' };
      if (fragment.id !== undefined) call.id ??= fragment.id;
      if (fragment.function?.name !== undefined) call.name = (call.name ?? '') + fragment.function.name;
      call.input += fragment.function?.arguments ?? '';
      calls.set(fragment.index, call);
    }
  }
  if (calls.size === 0) return ['reference ChatStreamToolCall: tool_choice "required" was streamed without tool_calls deltas'];
  return toolCallProblems(
    'reference ChatStreamToolCall (joined)',
    [...calls.values()].map((c) => ({ id: c.id, name: c.name, input: c.input })),
    chatTools(body),
    true,
  );
}

/**
 * reference `ChatStreamChunk.error`, `ChatFinishReasonEnum`: a failure after the 200 is reported in
 * the stream: a chunk carrying `error` {code, message}, no content after it, and no finish_reason
 * other than "error", so a client never takes the cut answer for a finished one.
 *
 * @example
 * chatInStreamErrorProblems(exchange); // [] when the stream ends with its error chunk
 */
export function chatInStreamErrorProblems(answer: StreamAnswer): Judgement {
  const where = 'reference ChatStreamChunk.error';
  const chunks = chatChunks(answer);
  if (isInconclusive(chunks)) return chunks;
  const at = chunks.findIndex((c) => c.error !== undefined);
  if (at < 0) return [`${where}: a failure after the 200 must be reported in a chunk carrying error {code, message}; none did`];
  const problems: string[] = [];
  const finishes = chunks.flatMap((c) => c.choices.map((ch) => ch.finish_reason)).filter((f) => f !== null);
  if (finishes.some((f) => f !== 'error'))
    problems.push(`${where}: a failed stream must not finish ${JSON.stringify(finishes.find((f) => f !== 'error'))}, only "error"`);
  const later = chunks.slice(at + 1).filter((c) => c.choices.some((ch) => (ch.delta.content ?? '') !== '' || (ch.delta.tool_calls ?? []).length > 0));
  if (later.length > 0) problems.push(`${where}: content follows the error chunk`);
  return problems;
}
