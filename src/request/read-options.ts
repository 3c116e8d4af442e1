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

/** The reasoning the request asks for (reference `ReasoningConfig`). */
export interface ReasoningOptions {
  effort?: string;
  /** Set (any non-null value) when a summary is asked for. */
  summary?: unknown;
}

/**
 * The reasoning asked for, or undefined when none is (`reasoning` absent, `enabled: false`, or
 * `effort: "none"`).
 *
 * @example
 * reasoningOptions({ reasoning: { effort: 'high', summary: 'auto' } }); // { effort: 'high', summary: 'auto' }
 */
export function reasoningOptions(request: Pick<ResponsesRequest, 'reasoning'>): ReasoningOptions | undefined {
  const r = request.reasoning;
  if (!isRecord(r) || r.enabled === false || r.effort === 'none') return undefined;
  return {
    ...(typeof r.effort === 'string' ? { effort: r.effort } : {}),
    ...(r.summary !== undefined && r.summary !== null ? { summary: r.summary } : {}),
  };
}
