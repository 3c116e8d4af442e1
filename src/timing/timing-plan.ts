/** When each part of an answer goes out, in ms from the start of the work (pure). */
export type TimingPlan =
  | { readonly kind: 'answer'; readonly firstTokenMs: number; readonly totalMs: number; readonly pieceOffsetsMs: readonly number[] }
  | { readonly kind: 'timeout'; readonly status: 408 | 524; readonly atMs: number; readonly reason: string };

export interface TimingInput {
  /** The endpoint's time to first token, seconds (catalogue `latency` p50). */
  readonly latencySeconds: number;
  /** The endpoint's output speed, tokens per second (catalogue `throughput` p50). */
  readonly tokensPerSecond: number;
  /** Tokens each piece of the answer carries, in order (0 for framing such as `response.created`). */
  readonly pieceTokens: readonly number[];
  readonly firstTokenTimeoutMs: number;
  readonly generationTimeoutMs: number;
}

/**
 * Realistic timing of one answer. Pieces before the first token go out at once; the first
 * token-bearing piece at the time to first token; each later piece once the tokens before it
 * have been produced at the endpoint's throughput; framing after the last token with it. The
 * outcome is known up front, so a time-out is answered (before any byte) at its limit: 524 when
 * the first token would come after `firstTokenTimeoutMs`, 408 when the whole generation would
 * take longer than `generationTimeoutMs`.
 *
 * @example
 * planTiming({ latencySeconds: 0.5, tokensPerSecond: 10, pieceTokens: [0, 2, 3, 0], firstTokenTimeoutMs: 1e5, generationTimeoutMs: 3e5 });
 * // { kind: 'answer', firstTokenMs: 500, totalMs: 1000, pieceOffsetsMs: [0, 500, 700, 1000] }
 */
export function planTiming(input: TimingInput): TimingPlan {
  const firstTokenMs = Math.round(input.latencySeconds * 1000);
  const msPerToken = 1000 / input.tokensPerSecond;
  const totalTokens = input.pieceTokens.reduce((a, b) => a + b, 0);
  const totalMs = firstTokenMs + Math.round(totalTokens * msPerToken);
  if (firstTokenMs > input.firstTokenTimeoutMs) {
    return {
      kind: 'timeout',
      status: 524,
      atMs: input.firstTokenTimeoutMs,
      reason: `first token after ${firstTokenMs} ms, limit ${input.firstTokenTimeoutMs} ms`,
    };
  }
  if (totalMs > input.generationTimeoutMs) {
    return { kind: 'timeout', status: 408, atMs: input.generationTimeoutMs, reason: `generation takes ${totalMs} ms, limit ${input.generationTimeoutMs} ms` };
  }
  const offsets: number[] = [];
  let produced = 0;
  let started = false;
  for (const tokens of input.pieceTokens) {
    if (tokens > 0) {
      // This piece goes once the tokens before it are out (the first at the time to first token).
      offsets.push(firstTokenMs + Math.round(produced * msPerToken));
      produced += tokens;
      started = true;
    } else offsets.push(started ? firstTokenMs + Math.round(produced * msPerToken) : 0);
  }
  return { kind: 'answer', firstTokenMs, totalMs, pieceOffsetsMs: offsets };
}
