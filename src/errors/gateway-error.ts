import { documentedStatus } from './documented-statuses.ts';
import { hasRetryAfter, setRetryAfter } from './retry-after.ts';

export interface GatewayErrorOptions {
  /** `error.metadata` (guardrail `patterns`, moderation `reasons`, provider `provider_name`/`raw`). */
  metadata?: Record<string, unknown>;
  /** Extra response headers, e.g. `Retry-After`. */
  headers?: Record<string, string>;
  /** Routing metadata to attach when the metadata header is enabled (spec 2.6, 7). */
  gatewayMetadata?: Record<string, unknown>;
  userId?: string | null;
  /**
   * The retry delay to advertise (`Retry-After` + `retry-after-ms`), for answers a client may
   * retry. Default for 429 and 503: the documented 60 s / 30 s.
   */
  retryAfterMs?: number;
  /** The delay was chosen for this answer (a script's `retryAfterMs`): a key's default does not replace it. */
  retryAfterPinned?: boolean;
}

/**
 * The one error type of the simulator: a status, a message that names the field and the rule,
 * and optional metadata. Rendered into the spec 7 envelope by {@link errorBody}.
 *
 * @example
 * throw new GatewayError(400, 'metadata: at most 16 pairs (got 17)');
 */
export class GatewayError extends Error {
  readonly status: number;
  readonly metadata: Record<string, unknown> | undefined;
  readonly headers: Record<string, string>;
  gatewayMetadata: Record<string, unknown> | undefined;
  readonly userId: string | null | undefined;
  /** See {@link GatewayErrorOptions.retryAfterPinned}. */
  readonly retryAfterPinned: boolean;

  constructor(status: number, message?: string, options: GatewayErrorOptions = {}) {
    const doc = documentedStatus(status);
    // An expected outcome, not a bug: no stack trace (capturing one cost more than answering a 401).
    const stackLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message ?? doc?.defaultMessage ?? `HTTP ${status}`);
    Error.stackTraceLimit = stackLimit;
    this.name = 'GatewayError';
    this.status = status;
    this.metadata = options.metadata;
    this.gatewayMetadata = options.gatewayMetadata;
    this.userId = options.userId;
    const headers: Record<string, string> = { ...options.headers };
    if (options.retryAfterMs !== undefined) setRetryAfter(headers, options.retryAfterMs);
    // reference README: 429 and 503 carry Retry-After.
    else if (doc?.retryAfterSeconds !== undefined && !hasRetryAfter(headers)) {
      headers['Retry-After'] = String(doc.retryAfterSeconds);
    }
    this.headers = headers;
    this.retryAfterPinned = options.retryAfterPinned ?? false;
  }
}

export interface ErrorBody {
  error: { code: number; message: string; metadata?: Record<string, unknown> };
  user_id?: string | null;
  gateway_metadata?: Record<string, unknown> | null;
}

/**
 * What an error that never reached the router reports as its routing metadata: no attempt was
 * made, no endpoint considered. Spec 2.6 puts `gateway_metadata` on error bodies too whenever
 * the header asks for it, so rejections before routing (auth, validation) carry this.
 */
export function notRoutedMetadata(status: number): Record<string, unknown> {
  return {
    attempt: 0,
    endpoints: { available: [], total: 0 },
    is_byok: false,
    pipeline: [],
    summary: `Rejected with ${status} before routing`,
  };
}

/**
 * The spec 7 envelope of an error. `gateway_metadata` exactly when the caller enabled the
 * metadata header (spec 2.6).
 *
 * @example
 * errorBody(new GatewayError(404, 'No such job'), false); // { error: { code: 404, message: 'No such job' } }
 */
export function errorBody(err: GatewayError, metadataEnabled: boolean): ErrorBody {
  const body: ErrorBody = { error: { code: err.status, message: err.message } };
  if (err.metadata) body.error.metadata = err.metadata;
  if (err.userId !== undefined) body.user_id = err.userId;
  if (metadataEnabled) body.gateway_metadata = err.gatewayMetadata ?? notRoutedMetadata(err.status);
  return body;
}

/**
 * The spec 7 envelope as JSON text: the one rendering of an error body, for adapters that write
 * bytes themselves (the node:http adapter's own 400s and 500s).
 *
 * @example
 * errorBodyText(new GatewayError(400, 'Malformed HTTP request')); // '{"error":{"code":400,"message":"Malformed HTTP request"}}'
 */
export function errorBodyText(err: GatewayError, metadataEnabled = false): string {
  return JSON.stringify(errorBody(err, metadataEnabled));
}
