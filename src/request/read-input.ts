/**
 * The one reader of a Responses request's input (spec 2.1, 2.3): turns, the last user text, the
 * texts a guardrail or a fetcher scans, files and cache breakpoints. Scripts, plugins, routers,
 * generation and billing all read the input through this module, so they agree on what the user
 * said. The input item kinds are many and most of their shapes are "not shown", so every read
 * past the schema's checks is defensive.
 */
import type { ResponsesRequest } from '../schemas/responses-request.ts';

type Input = ResponsesRequest['input'];

/** One input item reduced to what generation needs. */
export interface InputTurn {
  /** `user`, `assistant`, `system`, `developer`, or `tool` for function-call outputs. */
  role: string;
  /** The item's readable text (message text, function-call output, call arguments). */
  text: string;
  /** The item's `type` (`message` when absent). */
  type: string;
  /** For `function_call_output`: the `call_id`. For `function_call`: the `name`. */
  ref?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Text of a message `content`: a string, or the `text`/`refusal` of its parts joined by newlines.
 *
 * @example
 * contentText([{ type: 'input_text', text: 'a' }, { type: 'input_text', text: 'b' }]); // 'a\nb'
 */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const part of content) {
    if (typeof part === 'string') parts.push(part);
    else if (isRecord(part)) {
      if (typeof part.text === 'string') parts.push(part.text);
      else if (typeof part.refusal === 'string') parts.push(part.refusal);
    }
  }
  return parts.join('\n');
}

function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) return contentText(output);
  return output === undefined || output === null ? '' : JSON.stringify(output);
}

/** One input item as a turn, or undefined for a value that is not an item. */
function itemTurn(item: unknown): InputTurn | undefined {
  if (!isRecord(item)) return undefined;
  const type = typeof item.type === 'string' ? item.type : 'message';
  if (type === 'message' || (item.type === undefined && 'role' in item)) {
    return { role: typeof item.role === 'string' ? item.role : 'user', text: contentText(item.content), type: 'message' };
  }
  if (type === 'function_call_output' || type.endsWith('_call_output')) {
    return { role: 'tool', text: outputText(item.output), type, ...(typeof item.call_id === 'string' ? { ref: item.call_id } : {}) };
  }
  if (type === 'function_call') {
    const text = `${typeof item.name === 'string' ? item.name : ''}${typeof item.arguments === 'string' ? item.arguments : ''}`;
    return { role: 'assistant', text, type, ...(typeof item.name === 'string' ? { ref: item.name } : {}) };
  }
  if (type === 'reasoning') return { role: 'assistant', text: contentText(item.content) || contentText(item.summary), type };
  // Other item kinds (spec 2.3 "not shown"): count whatever text they carry.
  return { role: typeof item.role === 'string' ? item.role : 'assistant', text: contentText(item.content) || outputText(item.output), type };
}

/**
 * The request's `input` as a list of turns (a string input is one user turn).
 *
 * @example
 * inputTurns('Hi'); // [{ role: 'user', text: 'Hi', type: 'message' }]
 */
export function inputTurns(input: Input | unknown): InputTurn[] {
  if (typeof input === 'string') return [{ role: 'user', text: input, type: 'message' }];
  if (!Array.isArray(input)) return [];
  const turns: InputTurn[] = [];
  for (const item of input) {
    const turn = itemTurn(item);
    if (turn) turns.push(turn);
  }
  return turns;
}

/**
 * The readable text of one input item ('' for none): what context compression weighs.
 *
 * @example
 * itemText({ role: 'user', content: 'Hello' }); // 'Hello'
 */
export function itemText(item: unknown): string {
  return itemTurn(item)?.text ?? '';
}

/**
 * The text of the last user message, or '' when there is none. The one rule for every reader:
 * scripts match on it, the reply quotes it, web search queries it, fusion seeds on it.
 *
 * @example
 * lastUserText([{ role: 'user', content: 'a' }, { role: 'assistant', content: 'b' }]); // 'a'
 */
export function lastUserText(input: Input | unknown): string {
  return lastUserTurnText(inputTurns(input));
}

function lastUserTurnText(turns: readonly InputTurn[]): string {
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i];
    if (turn && turn.role === 'user' && turn.type === 'message') return turn.text;
  }
  return '';
}

/**
 * Every text the model would read: the instructions, then each input turn's text. What the
 * moderation guardrail and the web-fetch plugin scan.
 *
 * @example
 * requestTexts({ instructions: 'Be brief.', input: 'Hi' }); // ['Be brief.', 'Hi']
 */
export function requestTexts(request: Pick<ResponsesRequest, 'instructions' | 'input'>): string[] {
  const out: string[] = [];
  if (typeof request.instructions === 'string') out.push(request.instructions);
  for (const turn of inputTurns(request.input)) out.push(turn.text);
  return out;
}

/**
 * The `model` attribute of the latest assistant message in `input` (auto-router `pin_model`, spec 2.5).
 *
 * @example
 * latestAssistantModel([{ role: 'assistant', content: 'x', model: 'openai/gpt-5' }]); // 'openai/gpt-5'
 */
export function latestAssistantModel(input: Input): string | undefined {
  if (!Array.isArray(input)) return undefined;
  for (let i = input.length - 1; i >= 0; i--) {
    const item: unknown = input[i];
    if (isRecord(item) && item.role === 'assistant') return typeof item.model === 'string' ? item.model : undefined;
  }
  return undefined;
}

/** An `input_file` content part (file-parser plugin). */
export interface InputFilePart {
  filename?: string;
  file_data?: string;
  file_url?: string;
  file_id?: string;
}

/**
 * Every `input_file` part of the input, in order (items and message content parts).
 *
 * @example
 * inputFiles([{ role: 'user', content: [{ type: 'input_file', filename: 'a.txt', file_data: '...' }] }]).length; // 1
 */
export function inputFiles(input: Input): InputFilePart[] {
  const out: InputFilePart[] = [];
  if (!Array.isArray(input)) return out;
  for (const item of input as unknown[]) {
    if (!isRecord(item)) continue;
    if (item.type === 'input_file') out.push(item as InputFilePart);
    if (Array.isArray(item.content)) {
      for (const part of item.content) if (isRecord(part) && part.type === 'input_file') out.push(part as InputFilePart);
    }
  }
  return out;
}

/**
 * A request's input as every reader needs it, read once per request: the engine makes it and
 * hands it to routing, plugins, scripts, generation and the prompt count, so one request walks
 * its input once instead of once per reader.
 */
export interface InputView {
  /** {@link inputTurns} of the input. */
  readonly turns: readonly InputTurn[];
  /** {@link lastUserText}: what scripts match, the reply quotes, web search queries, fusion seeds on. */
  readonly lastUserText: string;
  /** {@link requestTexts}: what the moderation guardrail and the web-fetch plugin scan. */
  readonly texts: readonly string[];
  /** {@link inputFiles}: what the file-parser plugin reads. */
  readonly files: readonly InputFilePart[];
}

/**
 * The {@link InputView} of a request: the same values as the single readers above, from one walk
 * of the turns.
 *
 * @example
 * readInput({ instructions: 'Be brief.', input: 'Hi' }).texts; // ['Be brief.', 'Hi']
 */
export function readInput(request: Pick<ResponsesRequest, 'instructions' | 'input'>): InputView {
  const turns = inputTurns(request.input);
  const texts: string[] = [];
  if (typeof request.instructions === 'string') texts.push(request.instructions);
  for (const turn of turns) texts.push(turn.text);
  return { turns, lastUserText: lastUserTurnText(turns), texts, files: inputFiles(request.input) };
}

/**
 * Whether `cache_control` appears anywhere in the input (a content-block breakpoint, spec 2.1).
 *
 * @example
 * hasCacheBreakpoint([{ role: 'user', content: [{ type: 'input_text', text: 'x', cache_control: { type: 'ephemeral' } }] }]); // true
 */
export function hasCacheBreakpoint(value: unknown, depth = 0): boolean {
  if (depth > 8) return false;
  if (Array.isArray(value)) return value.some((v) => hasCacheBreakpoint(v, depth + 1));
  if (!isRecord(value)) return false;
  if ('cache_control' in value && value.cache_control !== null && value.cache_control !== undefined) return true;
  if ('prompt_cache_breakpoint' in value && value.prompt_cache_breakpoint) return true;
  return Object.values(value).some((v) => hasCacheBreakpoint(v, depth + 1));
}
