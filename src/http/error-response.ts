import { errorBody, type GatewayError } from '../errors/gateway-error.ts';
import { jsonResponse, materializeBody } from './raw-body.ts';

/**
 * A fetch Response carrying the spec 7 envelope ({@link errorBody}), with the error's headers
 * (e.g. `Retry-After`).
 *
 * @example
 * return errorResponse(new GatewayError(404, 'No such job'), false);
 */
export function errorResponse(err: GatewayError, metadataEnabled: boolean, extraHeaders: Record<string, string> = {}): Response {
  return materializeBody(errorAnswer(err, metadataEnabled, extraHeaders));
}

/**
 * {@link errorResponse} with its body still raw (src/http/raw-body.ts): what the dispatcher uses.
 *
 * @example
 * const response = errorAnswer(new GatewayError(401), metadataEnabled);
 */
export function errorAnswer(err: GatewayError, metadataEnabled: boolean, extraHeaders: Record<string, string> = {}): Response {
  return jsonResponse(errorBody(err, metadataEnabled), { status: err.status, headers: { ...extraHeaders, ...err.headers } });
}
