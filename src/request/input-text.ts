import type { ResponsesRequest } from '../schemas/responses-request.ts';

type Item = Record<string, unknown>;

function isRecord(v: unknown): v is Item {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function partText(part: unknown): string | undefined {
  if (typeof part === 'string') return part;
  if (!isRecord(part)) return undefined;
  if (typeof part.text === 'string') return part.text;
  if (typeof part.refusal === 'string') return part.refusal;
  return undefined;
}

/** The texts of one input item (message content string or text parts; function outputs). */
export function itemTexts(item: unknown): string[] {
  if (typeof item === 'string') return [item];
  if (!isRecord(item)) return [];
  const out: string[] = [];
  if (typeof item.content === 'string') out.push(item.content);
  else if (Array.isArray(item.content)) for (const p of item.content) {
    const t = partText(p);
    if (t !== undefined) out.push(t);
  }
  if (typeof item.output === 'string') out.push(item.output);
  if (typeof item.arguments === 'string') out.push(item.arguments);
  return out;
}

/** `input` as a list of items (a string input is one user message; spec 2.1). */
export function inputItems(input: ResponsesRequest['input']): unknown[] {
  if (typeof input === 'string') return [{ type: 'message', role: 'user', content: input }];
  return Array.isArray(input) ? input : [];
}

/** Every text the model would read: instructions then each input item's texts. */
export function requestTexts(request: ResponsesRequest): string[] {
  const out: string[] = [];
  const instructions = (request as { instructions?: unknown }).instructions;
  if (typeof instructions === 'string') out.push(instructions);
  for (const item of inputItems(request.input)) out.push(...itemTexts(item));
  return out;
}

/** The text of the latest user message ('' when there is none): the query of web search. */
export function lastUserText(input: ResponsesRequest['input']): string {
  const items = inputItems(input);
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i];
    if (typeof item === 'string') return item;
    if (isRecord(item) && (item.role === 'user' || item.role === undefined) && item.type !== 'function_call_output') {
      const texts = itemTexts(item);
      if (texts.length > 0) return texts.join('\n');
    }
  }
  return '';
}

/** The `model` attribute of the latest assistant message in `input` (auto-router `pin_model`, spec 2.5). */
export function latestAssistantModel(input: ResponsesRequest['input']): string | undefined {
  const items = inputItems(input);
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i];
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

/** Every `input_file` part of the input, in order. */
export function inputFiles(input: ResponsesRequest['input']): InputFilePart[] {
  const out: InputFilePart[] = [];
  for (const item of inputItems(input)) {
    if (!isRecord(item)) continue;
    if (item.type === 'input_file') out.push(item as InputFilePart);
    if (Array.isArray(item.content)) {
      for (const part of item.content) if (isRecord(part) && part.type === 'input_file') out.push(part as InputFilePart);
    }
  }
  return out;
}

/**
 * Approximate token count: one token per 4 characters, rounded up (the usual rule of thumb;
 * documented in docs/routing.md). Used for context-length checks and web-fetch truncation.
 */
export function approxTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** A token counter: the engine's real tokenizer, or {@link approxTokens} where none is loaded. */
export type CountTokens = (text: string) => number;

/** Prompt tokens of a request: instructions and every input text. */
export function requestTokens(request: ResponsesRequest, count: CountTokens = approxTokens): number {
  return requestTexts(request).reduce((n, t) => n + count(t), 0);
}
