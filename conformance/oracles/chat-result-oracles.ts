import { z } from 'zod';
import type { JsonFormat } from '../arbitraries/structured-output-formats.ts';
import type { Inconclusive, Judgement, Problems } from '../check.ts';
import { exchangeJson, mediaType, type Exchange } from '../client/exchange.ts';
import type { ChatCause } from '../samples/chat-samples.ts';
import { ChatResultSchema, ChatToolCallSchema, ChatUsageSchema, type ChatUsage } from './chat-schemas.ts';
import { schemaProblems } from './schema-problems.ts';
import { toolCallProblems, type ToolDeclared } from './tool-arguments-problems.ts';
import { jsonSchemaValidator } from './json-schema-validator.ts';
import { tieredSafeParse } from '../../src/validation/tiered-safe-parse.ts';
import { parseOnce } from './parse-once.ts';

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
  if (answer.status < 200 || answer.status >= 300) return [`reference ChatResult: a valid chat request must be served 200, got ${answer.status}: ${answer.text.slice(0, 160)}`];
  const problems: string[] = [];
  if (mediaType(answer) !== 'application/json') problems.push(`reference ChatResult: content-type must be application/json, was "${answer.headers['content-type'] ?? '(none)'}"`);
  const parsed = parseOnce(ChatResultSchema, exchangeJson(answer));
  if (!parsed.success) return [...problems, ...schemaProblems('reference ChatResult', parsed.error)];
  if (parsed.data.created >= SECONDS_CEILING) problems.push(`reference ChatResult: created must be Unix seconds, got ${parsed.data.created} (milliseconds?)`);
  if (parsed.data.choices.length === 0) problems.push('reference ChatResult: a served completion has at least one choice');
  return problems;
}

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
  if (answer.status < 200 || answer.status >= 300) return { inconclusive: `the chat request was not served (HTTP ${answer.status})`, owner: 'chat.result-shape' };
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
    problems.push(`reference ChatUsage (${where}): total_tokens ${usage.total_tokens} must equal prompt_tokens ${usage.prompt_tokens} + completion_tokens ${usage.completion_tokens}`);
  }
  const cached = usage.prompt_tokens_details?.cached_tokens;
  if (cached !== undefined && cached > usage.prompt_tokens) problems.push(`reference ChatUsage (${where}): cached_tokens ${cached} exceed prompt_tokens ${usage.prompt_tokens}`);
  const reasoning = usage.completion_tokens_details?.reasoning_tokens;
  if (typeof reasoning === 'number' && reasoning > usage.completion_tokens) problems.push(`reference ChatUsage (${where}): reasoning_tokens ${reasoning} exceed completion_tokens ${usage.completion_tokens}`);
  return problems;
}

/** reference `ChatUsage`: the usage of a served completion is present and adds up. */
export function chatUsageProblems(answer: Answer): Judgement {
  const result = chatResult(answer);
  if (isInconclusive(result)) return result;
  if (result.usage === undefined || result.usage === null) return ['reference ChatUsage: a served completion carries usage'];
  const usage = parseOnce(ChatUsageSchema, result.usage);
  if (!usage.success) return schemaProblems('reference ChatUsage', usage.error);
  return chatUsageArithmetic(usage.data, 'result');
}

/**
 * reference `ChatFinishReasonEnum`: the finish reason names the stop cause the request was built
 * to reach (a cut at max_tokens is `length`, a forced tool call `tool_calls`, a short answer `stop`).
 */
export function finishReasonProblems(got: unknown, cause: ChatCause): string[] {
  return got === cause ? [] : [`reference ChatFinishReasonEnum: the request was built to end by "${cause}", finish_reason was ${JSON.stringify(got)}`];
}

/** The finish reason of the first choice judged against the cause of its request. */
export function chatFinishReasonProblems(answer: Answer, cause: ChatCause): Judgement {
  const result = chatResult(answer);
  if (isInconclusive(result)) return result;
  return finishReasonProblems(result.choices[0]!.finish_reason, cause);
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
  if (choice.finish_reason === 'length') return { inconclusive: 'the answer was cut (finish_reason length), so its JSON may be too', owner: 'chat.finish-reason' };
  const text = typeof choice.message.content === 'string' ? choice.message.content : '';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [`reference ChatFormat ${format.type}: the content is not JSON: ${JSON.stringify(text.slice(0, 120))}`];
  }
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  if (format.type === 'json_object') return isObject ? [] : [`reference ChatFormatJsonObjectConfig: the content is JSON but not an object: ${text.slice(0, 120)}`];
  const checked = tieredSafeParse(jsonSchemaValidator(format.schema), value);
  if (checked.success) return [];
  return checked.error.issues.slice(0, 3).map((i) => `reference ChatFormatJsonSchemaConfig "${format.name}": ${i.path.join('.') || '(root)'}: ${i.message} in ${text.slice(0, 120)}`);
}
