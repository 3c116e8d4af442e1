import type { ModelEndpoint } from '../catalog/model-endpoint.ts';

/** Time to first token and whole generation, ms on the gateway clock (0 when answers are instant). */
export interface GenerationTimes {
  readonly latencyMs: number;
  readonly generationTimeMs: number;
}

/**
 * The times an answer of `outputTokens` takes on `endpoint` under realistic timing (the same
 * arithmetic as its pacing: the endpoint's time to first token, then its throughput), or zeros
 * when answers are instant and the clock does not move.
 *
 * @example
 * answerTimes(endpoint, 50, true); // { latencyMs: 1000, generationTimeMs: 2000 } at 1 s and 50 tokens/s
 */
export function answerTimes(endpoint: ModelEndpoint, outputTokens: number, realistic: boolean): GenerationTimes {
  if (!realistic) return { latencyMs: 0, generationTimeMs: 0 };
  const latencyMs = Math.round(endpoint.latency.p50 * 1000);
  return { latencyMs, generationTimeMs: latencyMs + Math.round((outputTokens * 1000) / endpoint.throughput.p50) };
}
