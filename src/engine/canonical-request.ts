import type { ResponsesRequest } from '../schemas/responses-request.ts';

/**
 * The one request the engine understands (docs/decisions/0028-one-engine-canonical-request.md):
 * the validated spec 2.1 Responses request. Every surface translates its wire request into this
 * form (a Chat Completions `messages` list becomes `input` items, `max_tokens` becomes
 * `max_output_tokens`, ...), so routing, plugins, scripts, generation, usage and timing are
 * written once, against one typed view. The Responses surface needs no translation: its
 * validated body is the canonical request as it is.
 */
export type CanonicalRequest = ResponsesRequest;
