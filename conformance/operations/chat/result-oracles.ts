import { z } from 'zod';
import type { JsonFormat } from '../../arbitraries/structured-output-formats.ts';
import type { Inconclusive, Judgement, Problems } from '../../check.ts';
import { exchangeJson, mediaType, type Exchange } from '../../client/exchange.ts';
import type { ChatCause } from './samples.ts';
import { ChatResultSchema, ChatToolCallSchema, ChatUsageSchema, type ChatUsage } from './schemas.ts';
import { schemaProblems } from '../../oracles/schema-problems.ts';
import { toolCallProblems, type ToolDeclared } from '../../oracles/tool-arguments-problems.ts';
import { jsonSchemaValidator } from '../../oracles/json-schema-validator.ts';
import { tieredSafeParse } from '../../oracles/tiered-safe-parse.ts';
import { parseOnce } from '../../oracles/parse-once.ts';
import { CHAT_STOP_NAMES, stopByUsageProblems } from '../../oracles/stop-by-usage.ts';

type Answer = Pick<Exchange, 'status' | 'headers' | 'text'>;

/** Unix seconds stay below this until the year 5138; milliseconds are above it since 1973. */
const SECONDS_CEILING = 1e11;

/**
 * reference `ChatResult`: a valid chat request is served 200 as application/json holding a chat
 * completion (every schema problem with its path); `created` is in whole seconds.
 *
 * @example
 * chatResultShapeProblems(exchange); // [] for a conforming chat completion
 */
export function chatResultShapeProblems(answer: Answer): Problems {
  if (answer.status < 200 || answer.status >= 300)
    return [`reference ChatResult: a valid chat request must be served 200, got ${answer.status}: ${answer.text.slice(0, 160)}`];
  const problems: string[] = [];
  if (mediaType(answer) !== 'application/json')
    problems.push(`reference ChatResult: content-type must be application/json, was "${answer.headers['content-type'] ?? '(none)'}"`);
  const parsed = parseOnce(ChatResultSchema, exchangeJson(answer));
  if (!parsed.success) return [...problems, ...schemaProblems('reference ChatResult', parsed.error)];
  if (parsed.data.created >= SECONDS_CEILING) problems.push(`reference ChatResult: created must be Unix seconds, got ${parsed.data.created} (milliseconds?)`);
  if (parsed.data.choices.length === 0) problems.push('reference ChatResult: a served completion has at least one choice');
  parsed.data.choices.forEach((c, i) => {
    if (c.index !== i) problems.push(`reference ChatChoice: choices[${i}].index is ${c.index}; a choice's index is its position (${CHOICE_INDEX})`);
  });
  return problems;
}

/** Marks a problem of the rule `chat.choice-index`. */
export const CHOICE_INDEX = 'chat.choice-index';

/** What the other chat oracles read of a completion; the rest of the shape is `chat.result-shape`'s rule. */
const ChatCoreSchema = z.object({
  object: z.literal('chat.completion'),
  choices: z
    .array(
      z.object({
        finish_reason: z.unknown(),
        message: z.object({ content: z.unknown().optional(), tool_calls: z.array(z.looseObject({})).optional() }),
      }),
    )
    .min(1),
  usage: z.unknown().optional(),
});
type ChatCore = z.infer<typeof ChatCoreSchema>;

/** Precondition of the other chat result oracles: a chat completion with a choice to judge (`chat.result-shape` owns it). */
export function chatResult(answer: Answer): ChatCore | Inconclusive {
  if (answer.status < 200 || answer.status >= 300)
    return { inconclusive: `the chat request was not served (HTTP ${answer.status})`, owner: 'chat.result-shape' };
  const parsed = parseOnce(ChatCoreSchema, exchangeJson(answer));
  if (!parsed.success) return { inconclusive: 'the answer is not a chat completion with a choice', owner: 'chat.result-shape' };
  return parsed.data;
}

const isInconclusive = (v: unknown): v is Inconclusive => typeof (v as Inconclusive | undefined)?.inconclusive === 'string';

/**
 * reference `ChatUsage`: integer counts with total = prompt + completion, cached prompt tokens
 * within the prompt, reasoning tokens within the completion, and a cost that is not negative.
 *
 * @example
 * chatUsageArithmetic({ prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 }); // []
 */
export function chatUsageArithmetic(usage: ChatUsage, where: string): string[] {
  const problems: string[] = [];
  if (usage.total_tokens !== usage.prompt_tokens + usage.completion_tokens) {
    problems.push(
      `reference ChatUsage (${where}): total_tokens ${usage.total_tokens} must equal prompt_tokens ${usage.prompt_tokens} + completion_tokens ${usage.completion_tokens}`,
    );
  }
  const cached = usage.prompt_tokens_details?.cached_tokens;
  if (cached !== undefined && cached > usage.prompt_tokens)
    problems.push(`reference ChatUsage (${where}): cached_tokens ${cached} exceed prompt_tokens ${usage.prompt_tokens}`);
  const reasoning = usage.completion_tokens_details?.reasoning_tokens;
  if (typeof reasoning === 'number' && reasoning > usage.completion_tokens)
    problems.push(`reference ChatUsage (${where}): reasoning_tokens ${reasoning} exceed completion_tokens ${usage.completion_tokens}`);
  return problems;
}

const USAGE_MISSING = 'a served completion carries usage (inferred: the reference does not require it, clients count on it)';

/** Is this the problem of a completion without usage (the inferred rule `chat.usage-present`)? */
export const isUsageMissing = (problem: string): boolean => problem === USAGE_MISSING;

/** reference `ChatUsage`: the usage of a served completion adds up; its presence is inferred (`chat.usage-present`). */
export function chatUsageProblems(answer: Answer): Judgement {
  const result = chatResult(answer);
  if (isInconclusive(result)) return result;
  if (result.usage === undefined || result.usage === null) return [USAGE_MISSING];
  const usage = parseOnce(ChatUsageSchema, result.usage);
  if (!usage.success) return schemaProblems('reference ChatUsage', usage.error);
  return chatUsageArithmetic(usage.data, 'result');
}

/**
 * reference `ChatFinishReasonEnum`: the finish reason names why the answer stopped. A forced tool
 * call ends `tool_calls`; a text answer is judged by its usage against the request's `max_tokens`
 * (stop-by-usage.ts), never by what its prompt was expected to do.
 */
export function finishReasonProblems(got: unknown, cause: ChatCause, completionTokens: unknown, maxTokens: unknown): string[] {
  if (cause === 'tool_calls')
    return got === 'tool_calls'
      ? []
      : [`reference ChatFinishReasonEnum: the request forced a tool call, so finish_reason must be "tool_calls", was ${JSON.stringify(got)}`];
  return stopByUsageProblems(CHAT_STOP_NAMES, got, completionTokens, maxTokens);
}

/** The `max_tokens` of a chat or messages request body. */
export function maxTokensOf(body: unknown): unknown {
  return (body as { max_tokens?: unknown } | undefined)?.max_tokens;
}

/** The finish reason of the first choice judged against the cause of its request and its usage. */
export function chatFinishReasonProblems(answer: Answer, cause: ChatCause, body: unknown): Judgement {
  const result = chatResult(answer);
  if (isInconclusive(result)) return result;
  const tokens = (result.usage as { completion_tokens?: unknown } | null | undefined)?.completion_tokens;
  return finishReasonProblems(result.choices[0]!.finish_reason, cause, tokens, maxTokensOf(body));
}

/** The function tools of a chat request, as the tool-call oracle reads them. */
export function chatTools(body: unknown): ToolDeclared[] {
  const tools = (body as { tools?: unknown } | undefined)?.tools;
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((t: { function?: { name?: unknown; parameters?: unknown } }) =>
    typeof t?.function?.name === 'string' ? [{ name: t.function.name, schema: (t.function.parameters ?? { type: 'object' }) as Record<string, unknown> }] : [],
  );
}

/**
 * reference `ChatToolCall`: an answer to a request forcing a tool holds tool calls, each with an
 * id of its own, a declared function's name and arguments that are JSON valid for its parameters.
 */
export function chatToolCallProblems(answer: Answer, body: unknown): Judgement {
  const result = chatResult(answer);
  if (isInconclusive(result)) return result;
  const calls = result.choices[0]!.message.tool_calls ?? [];
  if (calls.length === 0) return ['reference ChatToolCall: tool_choice "required" was answered without tool_calls'];
  const parsed = tieredSafeParse(z.array(ChatToolCallSchema), calls);
  if (!parsed.success) return schemaProblems('reference ChatToolCall', parsed.error);
  return toolCallProblems(
    'reference ChatToolCall',
    parsed.data.map((c) => ({ id: c.id, name: c.function.name, input: c.function.arguments })),
    chatTools(body),
    true,
  );
}

/**
 * reference `ChatFormatJsonObjectConfig` / `ChatFormatJsonSchemaConfig`: a completed answer to a
 * JSON response_format is JSON text, an object for json_object, an instance of the schema for
 * json_schema (read with zod's JSON Schema reader). A cut answer (finish_reason length) is not judged.
 */
export function chatResponseFormatProblems(answer: Answer, format: JsonFormat): Judgement {
  const result = chatResult(answer);
  if (isInconclusive(result)) return result;
  const choice = result.choices[0]!;
  if (choice.finish_reason === 'length')
    return { inconclusive: 'the answer was cut (finish_reason length), so its JSON may be too', owner: 'chat.finish-reason' };
  const text = typeof choice.message.content === 'string' ? choice.message.content : '';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [`reference ChatFormat ${format.type}: the content is not JSON: ${JSON.stringify(text.slice(0, 120))}`];
  }
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  if (format.type === 'json_object')
    return isObject ? [] : [`reference ChatFormatJsonObjectConfig: the content is JSON but not an object: ${text.slice(0, 120)}`];
  const checked = tieredSafeParse(jsonSchemaValidator(format.schema), value);
  if (checked.success) return [];
  return checked.error.issues
    .slice(0, 3)
    .map((i) => `reference ChatFormatJsonSchemaConfig "${format.name}": ${i.path.join('.') || '(root)'}: ${i.message} in ${text.slice(0, 120)}`);
}

/** reference `ChatTokenLogprob` (and its `top_logprobs` entries). */
const TokenLogprobSchema = z.looseObject({
  token: z.string(),
  logprob: z.number().max(0),
  bytes: z.array(z.number().int()).nullable(),
  top_logprobs: z.array(z.looseObject({ token: z.string(), logprob: z.number().max(0), bytes: z.array(z.number().int()).nullable() })),
});
const LogprobsAnswerSchema = z.looseObject({
  choices: z
    .array(
      z.looseObject({
        message: z.looseObject({ content: z.unknown() }),
        logprobs: z
          .looseObject({ content: z.array(TokenLogprobSchema).nullable() })
          .nullable()
          .optional(),
      }),
    )
    .min(1),
});

/**
 * reference `ChatRequest.logprobs`, `ChatChoice.logprobs` (`ChatTokenLogprobs`): an answer to
 * `logprobs: true` carries `choices[].logprobs.content`, one entry per token (a non-empty answer
 * has at least one), each with token, logprob (a log probability: not above 0), bytes and at most
 * `top_logprobs` alternatives.
 *
 * @example
 * chatLogprobsProblems(exchange, 2); // [] when every choice carries its token log probabilities
 */
export function chatLogprobsProblems(answer: Answer, topLogprobs: number): Judgement {
  const result = chatResult(answer);
  if (isInconclusive(result)) return result;
  const parsed = parseOnce(LogprobsAnswerSchema, exchangeJson(answer));
  if (!parsed.success) return schemaProblems('reference ChatTokenLogprobs', parsed.error);
  return parsed.data.choices.flatMap((choice, i) => {
    const content = typeof choice.message.content === 'string' ? choice.message.content : '';
    const tokens = choice.logprobs?.content;
    if (!tokens)
      return content === ''
        ? []
        : [`reference ChatChoice.logprobs: logprobs: true was asked, choices[${i}].logprobs is ${JSON.stringify(choice.logprobs ?? null)}`];
    if (tokens.length === 0 && content !== '') return [`reference ChatTokenLogprobs: choices[${i}] has content but no token log probabilities`];
    const over = tokens.findIndex((t) => t.top_logprobs.length > topLogprobs);
    return over < 0
      ? []
      : [
          `reference ChatTokenLogprobs: choices[${i}].logprobs.content[${over}] has ${tokens[over]!.top_logprobs.length} top_logprobs, ${topLogprobs} were asked`,
        ];
  });
}
