import type { GatewayEnv } from '../env/gateway-env.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { hasRetryAfter, setRetryAfter } from '../errors/retry-after.ts';
import type { DispatchContext } from './dispatch-context.ts';
import { errorAnswer } from './error-response.ts';
import { jsonResponse } from './raw-body.ts';
import type { RequestInfo } from './request-info.ts';

/**
 * The answer to a request whose pipeline threw: a GatewayError in the route's error shape (spec 7
 * envelope, or Route.errorBody), a client that left while its body was read as a 400 nobody sees,
 * and anything else as a masked 500 that is reported (a bug). Nothing was delivered, so the holds
 * the operation left open are released: nothing is charged or recorded for it.
 */
export function failureAnswer(
  error: unknown,
  ctx: DispatchContext,
  info: RequestInfo,
  pathname: string,
  isControl: boolean,
): { response: Response; unexpected: boolean } {
  ctx.releaseHolds();
  if (error instanceof GatewayError) {
    // A script's own delay beats the key's; the request's header beats both.
    const retryAfterMs = ctx.retryAfterFromHeader ?? (error.retryAfterPinned ? undefined : ctx.retryAfterFromKey);
    if (retryAfterMs !== undefined && hasRetryAfter(error.headers)) setRetryAfter(error.headers, retryAfterMs);
    return { response: failWith(error, ctx), unexpected: false };
  }
  if (info.clientGone?.() || ctx.request.signal.aborted) {
    // The client went away (or timed out) while we read its body: nobody will see this answer,
    // and it is not a bug, so it is not reported.
    return { response: failWith(new GatewayError(400, 'The client closed the request before it was read in full'), ctx), unexpected: false };
  }
  const env: GatewayEnv = ctx.env;
  // Logged with the id the client sees, so the masked 500 can be found (X-Generation-Id).
  const operation = ctx.route?.operation ?? 'unknown';
  env.reportError(error, { method: ctx.request.method, path: pathname, operation, ...(isControl ? {} : { generationId: ctx.generationId() }) });
  // reference: 500-class messages are masked.
  return { response: failWith(new GatewayError(500, 'Internal Server Error'), ctx), unexpected: true };
}

/** A failure in the route's own error shape (Route.errorBody), or spec 7's envelope. */
export function failWith(err: GatewayError, ctx: DispatchContext): Response {
  const shape = ctx.errorShape;
  if (!shape?.errorBody) return errorAnswer(err, ctx.metadataEnabled);
  const requestId = ctx.generationId();
  const headers = shape.requestIdHeader ? { ...err.headers, [shape.requestIdHeader]: requestId } : err.headers;
  return jsonResponse(shape.errorBody(err, { requestId, metadataEnabled: ctx.metadataEnabled }), { status: err.status, headers });
}
