import { GatewayError } from '../errors/gateway-error.ts';
import { parseRetryAfterMs } from '../errors/retry-after.ts';
import type { TimingMode } from '../timing/timing-options.ts';

/** A failure injected after the stream's headers were sent (DESIGN: per-request controls). */
export type StreamFault = 'stream-error' | 'stream-cut';

export interface SimulationControls {
  /** A documented status to answer instead of doing the work. */
  status?: number;
  streamFault?: StreamFault;
  /** `X-Gatewaykit-Chunking: random`: re-chunk SSE bytes at seeded offsets. */
  randomChunking: boolean;
  /** `X-Gatewaykit-Timing`: `instant` or `realistic` for this request (else the gateway's). */
  timing?: TimingMode;
  /** `X-Gatewaykit-Retry-After-Ms`: the retry delay a 429/503 answer to this request advertises. */
  retryAfterMs?: number;
}

/**
 * Read the simulator-only request headers `X-Gatewaykit-Fault`, `X-Gatewaykit-Chunking`,
 * `X-Gatewaykit-Timing` and `X-Gatewaykit-Retry-After-Ms`.
 * A value we do not understand is the caller's mistake: 400, naming the header.
 */
export function readSimulationHeaders(headers: Headers, allowedStatuses: readonly number[]): SimulationControls | GatewayError {
  const controls: SimulationControls = { randomChunking: false };
  const fault = headers.get('x-gatewaykit-fault')?.trim().toLowerCase();
  if (fault) {
    if (fault === 'stream-error' || fault === 'stream-cut') controls.streamFault = fault;
    else if (/^\d{3}$/.test(fault) && allowedStatuses.includes(Number(fault))) controls.status = Number(fault);
    else {
      return new GatewayError(
        400,
        `X-Gatewaykit-Fault: "${fault}" is not a documented status of this operation (one of ${allowedStatuses.join(', ')}, stream-error, stream-cut)`,
      );
    }
  }
  const chunking = headers.get('x-gatewaykit-chunking')?.trim().toLowerCase();
  if (chunking) {
    if (chunking === 'random') controls.randomChunking = true;
    else if (chunking !== 'none') return new GatewayError(400, `X-Gatewaykit-Chunking: "${chunking}" is not one of random, none`);
  }
  const timing = headers.get('x-gatewaykit-timing')?.trim().toLowerCase();
  if (timing) {
    if (timing !== 'instant' && timing !== 'realistic') return new GatewayError(400, `X-Gatewaykit-Timing: "${timing}" is not one of instant, realistic`);
    controls.timing = timing;
  }
  const retryAfter = headers.get('x-gatewaykit-retry-after-ms');
  if (retryAfter !== null) {
    const ms = parseRetryAfterMs(retryAfter, 'X-Gatewaykit-Retry-After-Ms');
    if (typeof ms === 'string') return new GatewayError(400, ms);
    controls.retryAfterMs = ms;
  }
  return controls;
}

/** spec 2.1 header table: `enabled` (any case) on either name turns routing metadata on. */
export function isMetadataEnabled(headers: Headers): boolean {
  const v = headers.get('x-gateway-metadata') ?? headers.get('x-gateway-experimental-metadata');
  return v !== null && v.trim().toLowerCase() === 'enabled';
}
