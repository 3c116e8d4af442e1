/**
 * The fourteen error statuses the Gateway API documents (spec 7), with the operations each
 * applies to and the message the simulator uses when a status is forced without a reason.
 */
export interface DocumentedStatus {
  readonly status: number;
  readonly meaning: string;
  /** Message used when the simulator is told to answer this status (X-Gatewaykit-Fault). */
  readonly defaultMessage: string;
  /** Spec 7 "Applies to": `both` means /responses and /videos. */
  readonly appliesTo: 'both' | 'responses';
  /** Seconds for a `Retry-After` header (reference: 429 and 503 carry one). */
  readonly retryAfterSeconds?: number;
}

export const DOCUMENTED_STATUSES: readonly DocumentedStatus[] = [
  { status: 400, meaning: 'Invalid parameters or malformed input', defaultMessage: 'Invalid request parameters', appliesTo: 'both' },
  { status: 401, meaning: 'Authentication missing or invalid', defaultMessage: 'Missing Authentication header', appliesTo: 'both' },
  { status: 402, meaning: 'Insufficient credits or quota', defaultMessage: 'Insufficient credits. Add more credits to continue.', appliesTo: 'both' },
  { status: 403, meaning: 'Insufficient permissions, or a guardrail blocked the request', defaultMessage: 'Request blocked by guardrail', appliesTo: 'both' },
  { status: 404, meaning: 'Resource does not exist', defaultMessage: 'Not found', appliesTo: 'both' },
  { status: 408, meaning: 'Operation exceeded its time limit', defaultMessage: 'Request timed out', appliesTo: 'responses' },
  { status: 413, meaning: 'Payload exceeds size limits', defaultMessage: 'Payload too large', appliesTo: 'both' },
  { status: 422, meaning: 'Semantic validation failure', defaultMessage: 'Unprocessable request', appliesTo: 'responses' },
  { status: 429, meaning: 'Rate limit exceeded', defaultMessage: 'Rate limit exceeded', appliesTo: 'both', retryAfterSeconds: 60 },
  { status: 500, meaning: 'Unexpected server error', defaultMessage: 'Internal Server Error', appliesTo: 'both' },
  { status: 502, meaning: 'Provider or upstream failure', defaultMessage: 'Provider returned error', appliesTo: 'responses' },
  { status: 503, meaning: 'Service temporarily unavailable', defaultMessage: 'Service temporarily unavailable', appliesTo: 'responses', retryAfterSeconds: 30 },
  { status: 524, meaning: 'Provider request timed out at the edge network', defaultMessage: 'Provider request timed out', appliesTo: 'responses' },
  { status: 529, meaning: 'Provider temporarily overloaded', defaultMessage: 'Provider overloaded', appliesTo: 'responses' },
];

const byStatus = new Map(DOCUMENTED_STATUSES.map((s) => [s.status, s]));

/**
 * The documented entry for `status`, or undefined when the spec does not list it.
 *
 * @example
 * documentedStatus(429)?.defaultMessage; // the spec 7 message of a 429
 */
export function documentedStatus(status: number): DocumentedStatus | undefined {
  return byStatus.get(status);
}

/**
 * Statuses documented for an operation group (spec 4.1, 4.2).
 *
 * @example
 * statusesFor('videos').includes(402); // whether POST /videos documents 402
 */
export function statusesFor(operation: 'responses' | 'videos'): number[] {
  return DOCUMENTED_STATUSES.filter((s) => operation === 'responses' || s.appliesTo === 'both').map((s) => s.status);
}
