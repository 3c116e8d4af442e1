import type { ResponsesRequest } from '../schemas/responses-request.ts';
import type { ResponseUsage } from './output-items.ts';
import { hasCacheBreakpoint, inputTurns } from '../request/request-text.ts';
import type { Tokenizer } from './tokenizer.ts';

/** Tokens of framing per message (role and separators), as chat formats add. */
export const MESSAGE_OVERHEAD_TOKENS = 4;
/** Tokens that prime the assistant's reply. */
export const REPLY_PRIMING_TOKENS = 3;

/**
 * Input tokens of a request: instructions, every input item's text, the JSON of the tool
 * definitions, with per-message framing. Cached tokens (spec 2.1 prompt caching): only when the
 * request asks for caching (`prompt_cache_key`, top-level `cache_control`, or a content-block
 * breakpoint); then everything before the last input item counts as a warm cache hit. The
 * simulator is stateless (spec 1.3), so "warm" is a rule, not a memory of earlier requests.
 *
 * @example
 * promptTokens({ input: 'Hi' }, tokenizer); // { inputTokens: 8, cachedTokens: 0 }
 */
export function promptTokens(request: ResponsesRequest, tokenizer: Tokenizer): { inputTokens: number; cachedTokens: number } {
  const r = request as Record<string, unknown>;
  let prefix = 0;
  if (typeof r.instructions === 'string' && r.instructions !== '') prefix += tokenizer.count(r.instructions) + MESSAGE_OVERHEAD_TOKENS;
  if (Array.isArray(r.tools) && r.tools.length > 0) prefix += tokenizer.count(JSON.stringify(r.tools));
  const turns = inputTurns(r.input);
  const turnTokens = turns.map((t) => tokenizer.count(t.text) + MESSAGE_OVERHEAD_TOKENS);
  const last = turnTokens.pop() ?? 0;
  prefix += turnTokens.reduce((a, b) => a + b, 0);
  const inputTokens = prefix + last + REPLY_PRIMING_TOKENS;
  const caching =
    (typeof r.prompt_cache_key === 'string' && r.prompt_cache_key !== '') ||
    (r.cache_control !== undefined && r.cache_control !== null) ||
    hasCacheBreakpoint(r.input);
  return { inputTokens, cachedTokens: caching ? prefix : 0 };
}

/**
 * spec 2.2 usage from counts, with its arithmetic enforced: total = input + output,
 * reasoning <= output, cached <= input, all non-negative integers.
 */
export function buildUsage(counts: { inputTokens: number; cachedTokens: number; outputTokens: number; reasoningTokens: number }): ResponseUsage {
  // Whole, non-negative, and small enough that input + output is still an exact integer.
  const limit = Math.floor(Number.MAX_SAFE_INTEGER / 2);
  const whole = (n: number) => (Number.isFinite(n) ? Math.min(limit, Math.max(0, Math.floor(n))) : 0);
  const input = whole(counts.inputTokens);
  const output = whole(counts.outputTokens);
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: Math.min(input, whole(counts.cachedTokens)) },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: Math.min(output, whole(counts.reasoningTokens)) },
    total_tokens: input + output,
  };
}
