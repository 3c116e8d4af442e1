import type { ResponsesRequest } from '../schemas/responses-request.ts';

/**
 * The one request the engine understands (docs/decisions/0028-one-engine-canonical-request.md):
 * the validated spec 2.1 Responses request. Every surface translates its wire request into this
 * form (a Chat Completions `messages` list becomes `input` items, `max_tokens` becomes
 * `max_output_tokens`, ...), so routing, plugins, scripts, generation, usage and timing are
 * written once, against one typed view. The Responses surface needs no translation: its
 * validated body is the canonical request as it is.
 */
export type CanonicalRequest = ResponsesRequest & {
  /**
   * The stop sequences (reference `ChatRequest.stop`, `MessagesRequest.stop_sequences`; the
   * Responses request has none): non-empty, bounded by the surface's schema (schemas/stop-sequence.ts).
   * The engine cuts the reply at the first one it meets, once, for every surface.
   */
  readonly stop_sequences?: readonly string[];
};
