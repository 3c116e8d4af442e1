import type { ModelEndpoint } from '../catalog/model-endpoint.ts';
import type { Clock } from '../clock/clock.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { clockSleep } from './clock-sleep.ts';
import { pacedStream } from './paced-stream.ts';
import type { Timing } from './timing-options.ts';
import { planTiming, type TimingPlan } from './timing-plan.ts';

export interface TimedContext {
  readonly clock: Clock;
  readonly timing: Timing;
  /** The routed endpoint: its `latency` and `throughput` p50 set the pace. */
  readonly endpoint: ModelEndpoint;
  /** Shown in a time-out's `error.metadata.provider_name`. */
  readonly providerName: string;
  readonly gatewayMetadata?: Record<string, unknown>;
}

function plan(ctx: TimedContext, pieceTokens: readonly number[]): TimingPlan {
  return planTiming({
    latencySeconds: ctx.endpoint.latency.p50,
    tokensPerSecond: ctx.endpoint.throughput.p50,
    pieceTokens,
    firstTokenTimeoutMs: ctx.timing.firstTokenTimeoutMs,
    generationTimeoutMs: ctx.timing.generationTimeoutMs,
  });
}

/** Wait out a time-out on the clock, then fail with its status (spec 7: 408, 524). */
async function timeOut(ctx: TimedContext, p: Extract<TimingPlan, { kind: 'timeout' }>): Promise<never> {
  await clockSleep(ctx.clock, p.atMs);
  const what = p.status === 524 ? 'Provider request timed out' : 'Operation timed out';
  throw new GatewayError(p.status, `${what} (${ctx.providerName}: ${p.reason})`, {
    metadata: { provider_name: ctx.providerName, raw: p.reason },
    ...(ctx.gatewayMetadata ? { gatewayMetadata: ctx.gatewayMetadata } : {}),
  });
}

/**
 * Realistic timing of a JSON answer: resolves after the time to first token plus the output
 * tokens at the endpoint's throughput, on the gateway clock (or fails with 524 / 408 at the limit).
 *
 * @example
 * await waitForJsonAnswer(ctx, usage.output_tokens);
 */
export async function waitForJsonAnswer(ctx: TimedContext, outputTokens: number): Promise<void> {
  const p = plan(ctx, [outputTokens]);
  if (p.kind === 'timeout') return timeOut(ctx, p);
  await clockSleep(ctx.clock, p.totalMs);
}

/**
 * Realistic timing of an event stream: the framing at once, then each piece when the endpoint
 * would have produced it. A time-out is answered (before any byte) at its limit.
 *
 * @example
 * const body = await pacedEventStream(ctx, pieces, pieces.map(tokensOfPiece));
 */
export async function pacedEventStream(ctx: TimedContext, pieces: readonly Uint8Array[], pieceTokens: readonly number[]): Promise<ReadableStream<Uint8Array>> {
  const p = plan(ctx, pieceTokens);
  if (p.kind === 'timeout') return timeOut(ctx, p);
  return pacedStream(ctx.clock, pieces, p.pieceOffsetsMs);
}
