import { notRoutedMetadata, type GatewayError } from '../../errors/gateway-error.ts';
import type { AnthropicErrorType } from '../../schemas/messages-result.ts';

/**
 * The Anthropic error type of each status the gateway documents (reference `/messages`
 * responses: 400 invalid_request_error ... 503 and 529 overloaded_error); any other 4xx is an
 * invalid request and any other 5xx an API error.
 */
const TYPE_BY_STATUS: Readonly<Record<number, AnthropicErrorType>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  408: 'timeout_error',
  413: 'invalid_request_error',
  422: 'invalid_request_error',
  429: 'rate_limit_error',
  500: 'api_error',
  502: 'api_error',
  503: 'overloaded_error',
  524: 'timeout_error',
  529: 'overloaded_error',
};

/**
 * The reference's canonical `ApiErrorType` of a status (`error.error_type`: stable across API formats).
 */
const CANONICAL_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'invalid_request',
  401: 'authentication',
  402: 'payment_required',
  403: 'permission_denied',
  404: 'not_found',
  408: 'timeout',
  413: 'payload_too_large',
  422: 'unprocessable',
  429: 'rate_limit_exceeded',
  500: 'server',
  502: 'provider_unavailable',
  503: 'provider_overloaded',
  524: 'timeout',
  529: 'provider_overloaded',
};

/**
 * The Anthropic error type of an HTTP status.
 *
 * @example
 * anthropicErrorType(529); // 'overloaded_error'
 * anthropicErrorType(418); // 'invalid_request_error'
 */
export function anthropicErrorType(status: number): AnthropicErrorType {
  return TYPE_BY_STATUS[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
}

/** reference `AnthropicMessagesErrorResponse`, with `gateway_metadata` for the reference's `openrouter_metadata`. */
export interface MessagesErrorBody {
  type: 'error';
  error: { type: AnthropicErrorType; message: string; error_type?: string };
  request_id: string | null;
  metadata?: Record<string, unknown>;
  gateway_metadata?: Record<string, unknown> | null;
}

/**
 * An error in the shape Anthropic clients parse (reference `AnthropicMessagesErrorResponse`):
 * `{type: "error", error: {type, message}, request_id}`. The request id is the answer's
 * generation id (as in the reference's examples); `error.metadata` of the gateway's envelope
 * becomes the top-level `metadata`; routing metadata rides along when the header asks for it.
 *
 * @example
 * messagesErrorBody(new GatewayError(529), { requestId: 'gen-1-abc', metadataEnabled: false });
 * // { type: 'error', error: { type: 'overloaded_error', message: 'Provider overloaded', error_type: 'provider_overloaded' }, request_id: 'gen-1-abc' }
 */
export function messagesErrorBody(err: GatewayError, options: { requestId: string | null; metadataEnabled: boolean }): MessagesErrorBody {
  const canonical = CANONICAL_BY_STATUS[err.status];
  const body: MessagesErrorBody = {
    type: 'error',
    error: { type: anthropicErrorType(err.status), message: err.message, ...(canonical ? { error_type: canonical } : {}) },
    request_id: options.requestId,
  };
  if (err.metadata) body.metadata = err.metadata;
  if (options.metadataEnabled) body.gateway_metadata = err.gatewayMetadata ?? notRoutedMetadata(err.status);
  return body;
}
