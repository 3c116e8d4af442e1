/**
 * Typed reads of the request fields whose shapes spec 2.1 does not show (note A: `text`,
 * `reasoning`): the schema accepts them as sent, so these read only the members the reference
 * documents, and a member of another type reads as absent.
 */
import type { ResponsesRequest } from '../schemas/responses-request.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `text.format.type` (reference `TextExtendedConfig`), e.g. `json_schema`.
 *
 * @example
 * textFormatType({ text: { format: { type: 'json_object' } } }); // 'json_object'
 */
export function textFormatType(request: Pick<ResponsesRequest, 'text'>): string | undefined {
  const format = isRecord(request.text) ? request.text.format : undefined;
  return isRecord(format) && typeof format.type === 'string' ? format.type : undefined;
}

/**
 * Whether the answer must be JSON (`text.format` `json_object` or `json_schema`).
 *
 * @example
 * wantsJson({ text: { format: { type: 'json_schema' } } }); // true
 */
export function wantsJson(request: Pick<ResponsesRequest, 'text'>): boolean {
  const type = textFormatType(request);
  return type === 'json_object' || type === 'json_schema';
}

/**
 * `text.verbosity` when it is a string.
 *
 * @example
 * textVerbosity({ text: { verbosity: 'low' } }); // 'low'
 */
export function textVerbosity(request: Pick<ResponsesRequest, 'text'>): string | undefined {
  return isRecord(request.text) && typeof request.text.verbosity === 'string' ? request.text.verbosity : undefined;
}

/** The reasoning the request asks for (reference `ReasoningConfig`, plus `include`). */
export interface ReasoningOptions {
  /** Reference `ReasoningEffort`; `medium` when not given. */
  effort: string;
  /** Reference `ReasoningSummaryVerbosity` when a summary is asked for. */
  summary?: 'auto' | 'concise' | 'detailed';
  /** `max_tokens`: at most this many reasoning tokens. */
  maxTokens?: number;
  /** `exclude`: reason and bill, but leave the reasoning item out of the answer. */
  exclude: boolean;
  /** `include: ["reasoning.encrypted_content"]`: the item carries an opaque `encrypted_content`. */
  encrypted: boolean;
}

/**
 * The reasoning a request gets from a model. A model that reasons by default (catalogue
 * `reasoning: true`, listed by /models with `default_enabled: true`) reasons unless the request
 * switches it off (`enabled: false` or `effort: "none"`); `reasoning: {}` or any other member
 * also turns it on. A model without reasoning never reasons. Undefined when there is none.
 *
 * @example
 * reasoningOptions({ reasoning: { effort: 'high', summary: 'auto' } }, true); // { effort: 'high', summary: 'auto', exclude: false, encrypted: false }
 * reasoningOptions({}, true); // { effort: 'medium', exclude: false, encrypted: false }
 * reasoningOptions({ reasoning: { enabled: false } }, true); // undefined
 */
export function reasoningOptions(request: Pick<ResponsesRequest, 'reasoning' | 'include'>, modelReasons: boolean): ReasoningOptions | undefined {
  if (!modelReasons) return undefined;
  const r = isRecord(request.reasoning) ? request.reasoning : {};
  if (r.enabled === false || r.effort === 'none') return undefined;
  const summary = r.summary === 'auto' || r.summary === 'concise' || r.summary === 'detailed' ? r.summary : undefined;
  return {
    effort: typeof r.effort === 'string' ? r.effort : 'medium',
    ...(summary ? { summary } : {}),
    ...(typeof r.max_tokens === 'number' ? { maxTokens: r.max_tokens } : {}),
    exclude: r.exclude === true,
    encrypted: Array.isArray(request.include) && request.include.includes('reasoning.encrypted_content'),
  };
}
