import type { ResponsesRequest } from '../schemas/responses-request.ts';
import type { ResponseUsage } from './output-items.ts';
import { hasCacheBreakpoint, inputTurns } from '../request/request-text.ts';
import type { Tokenizer } from './tokenizer.ts';
import { stableStringify } from '../random/hash.ts';

/** Tokens of framing per message (role and separators), as chat formats add. */
export const MESSAGE_OVERHEAD_TOKENS = 4;
/** Tokens that prime the assistant's reply. */
export const REPLY_PRIMING_TOKENS = 3;

/** Input tokens of a request, and the prefix prompt caching may keep. */
export interface PromptTokens {
  inputTokens: number;
  /**
   * Tokens of the cacheable prefix (instructions, tools, every input item but the last) when the
   * request asks for prompt caching, else 0. Whether they are read from the cache or written to
   * it is the prompt cache's decision (src/state/prompt-cache.ts).
   */
  cacheableTokens: number;
  /** Fingerprint of that prefix (stable JSON of instructions, tools and the earlier turns); '' when not cacheable. */
  cacheablePrefix: string;
}

/**
 * Input tokens of a request: instructions, every input item's text, the JSON of the tool
 * definitions, with per-message framing. Prompt caching (spec 2.1) applies only when the request
 * asks for it (`prompt_cache_key`, top-level `cache_control`, or a content-block breakpoint);
 * then everything before the last input item is the cacheable prefix.
 *
 * @example
 * promptTokens({ input: 'Hi' }, tokenizer); // { inputTokens: 8, cacheableTokens: 0, cacheablePrefix: '' }
 */
export function promptTokens(request: ResponsesRequest, tokenizer: Tokenizer): PromptTokens {
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
  if (!caching || prefix === 0) return { inputTokens, cacheableTokens: 0, cacheablePrefix: '' };
  const cacheablePrefix = stableStringify([r.instructions ?? null, r.tools ?? null, turns.slice(0, -1).map((t) => [t.role, t.text])]);
  return { inputTokens, cacheableTokens: prefix, cacheablePrefix };
}

/**
 * spec 2.2 usage from counts, with its arithmetic enforced: total = input + output,
 * reasoning <= output, cached <= input, all non-negative integers.
 */
export function buildUsage(counts: { inputTokens: number; cachedTokens: number; cacheWriteTokens?: number; outputTokens: number; reasoningTokens: number }): ResponseUsage {
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
