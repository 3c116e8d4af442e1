import type { ResponseUsage } from './output-items.ts';

/**
 * spec 2.2 usage from counts, with its arithmetic enforced: total = input + output,
 * reasoning <= output, cached <= input, all non-negative integers.
 */
export function buildUsage(counts: {
  inputTokens: number;
  cachedTokens: number;
  cacheWriteTokens?: number;
  outputTokens: number;
  reasoningTokens: number;
}): ResponseUsage {
  // Whole, non-negative, and small enough that input + output is still an exact integer.
  const limit = Math.floor(Number.MAX_SAFE_INTEGER / 2);
  const whole = (n: number) => (Number.isFinite(n) ? Math.min(limit, Math.max(0, Math.floor(n))) : 0);
  const input = whole(counts.inputTokens);
  const output = whole(counts.outputTokens);
  const cached = Math.min(input, whole(counts.cachedTokens));
  return {
    input_tokens: input,
    // reference OpenAIResponsesUsage: cache_write_tokens beside cached_tokens; read + written <= input.
    input_tokens_details: { cached_tokens: cached, cache_write_tokens: Math.min(input - cached, whole(counts.cacheWriteTokens ?? 0)) },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: Math.min(output, whole(counts.reasoningTokens)) },
    total_tokens: input + output,
  };
}
