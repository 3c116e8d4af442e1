import { documentedStatus } from '../errors/documented-statuses.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { FORCED_RETRY_AFTER_MS } from '../errors/retry-after.ts';

/** The guardrail stage of spec 2.6, as it appears in `gateway_metadata.pipeline`. */
export function guardrailStage(patterns: string[], summary = 'Request blocked by guardrail') {
  return {
    type: 'guardrail',
    name: 'gatewaykit-guardrail',
    guardrail_id: 'grd_gatewaykit_default',
    guardrail_scope: 'workspace',
    summary,
    data: { action: 'block', detected: true, engines: ['regex'], patterns },
  };
}

/**
 * The error a request gets when `X-Gatewaykit-Fault: <status>` forces it: the documented
 * status with the body the spec (7) and the reference describe for it. A forced 429 or 503
 * advertises a short retry delay ({@link FORCED_RETRY_AFTER_MS}) so that retrying clients in
 * tests do not sleep for the documented 60 s / 30 s.
 */
export function forcedError(status: number, requestedModel?: string): GatewayError {
  const base = { requested: requestedModel ?? 'unknown', strategy: 'direct', attempt: 1, region: 'sim-local-1', is_byok: false };
  switch (status) {
    case 403: {
      // spec 7: a guardrail block carries error.metadata.patterns and, with metadata on, the stage.
      const patterns = ['forced-by-x-gatewaykit-fault'];
      return new GatewayError(403, 'Request blocked by guardrail: matched forced-by-x-gatewaykit-fault', {
        metadata: { patterns },
        gatewayMetadata: { ...base, summary: 'Blocked by guardrail', pipeline: [guardrailStage(patterns)] },
      });
    }
    case 502:
    case 524:
    case 529:
    case 408:
      return new GatewayError(status, undefined, {
        metadata: { provider_name: 'gatewaykit-sim', raw: `forced ${status} by X-Gatewaykit-Fault` },
        gatewayMetadata: { ...base, summary: `Upstream failed with ${status}`, pipeline: [] },
      });
    default:
      return new GatewayError(status, undefined, {
        gatewayMetadata: { ...base, summary: `Forced ${status}`, pipeline: [] },
        ...(documentedStatus(status)?.retryAfterSeconds !== undefined ? { retryAfterMs: FORCED_RETRY_AFTER_MS } : {}),
      });
  }
}
