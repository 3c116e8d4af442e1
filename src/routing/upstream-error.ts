import { documentedStatus } from '../errors/documented-statuses.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { FORCED_RETRY_AFTER_MS } from '../errors/retry-after.ts';
import type { RouteCandidate } from './route-candidate.ts';

const MESSAGES: Record<number, string> = {
  // reference /responses examples
  408: 'Operation timed out. Please try again later.',
  429: 'Provider rate limited the request',
  500: 'Provider returned error',
  502: 'Provider returned error',
  503: 'Service temporarily unavailable',
  524: 'Request timed out. Please try again later.',
  529: 'Provider returned error',
};

/**
 * The error a failing provider attempt surfaces as (reference: provider errors carry
 * `error.metadata.provider_name` and `raw`). 500-class upstream failures other than 500 itself
 * keep their status; a provider 500 is reported as 502 (the gateway did not fail, the upstream did).
 * Provider failures are programmed (control API), so a 429 or 503 advertises the short delay of
 * forced failures.
 */
export function upstreamError(status: number, candidate: RouteCandidate, gatewayMetadata: Record<string, unknown>): GatewayError {
  const surfaced = status === 500 ? 502 : status;
  const raw = JSON.stringify({ error: { code: status, message: `simulated upstream failure of ${candidate.provider.slug}`, type: 'upstream_error' } });
  return new GatewayError(surfaced, `${MESSAGES[status] ?? 'Provider returned error'} (${candidate.provider.name}, ${candidate.model.id})`, {
    metadata: { provider_name: candidate.provider.name, model_slug: candidate.model.id, raw },
    gatewayMetadata,
    ...(documentedStatus(surfaced)?.retryAfterSeconds !== undefined ? { retryAfterMs: FORCED_RETRY_AFTER_MS } : {}),
  });
}
