import type { ResponsesRequest } from '../schemas/responses-request.ts';
import { stableStringify } from '../random/hash.ts';
import { mediaTokens } from './media-parts.ts';
import { hasCacheBreakpoint, inputTurns, type InputView } from './read-input.ts';

/** A token counter: the engine's real tokenizer, or {@link approxTokens} where none is loaded. */
export type CountTokens = (text: string) => number;

/** Tokens of framing per message (role and separators), as chat formats add. */
export const MESSAGE_OVERHEAD_TOKENS = 4;
/** Tokens that prime the assistant's reply. */
export const REPLY_PRIMING_TOKENS = 3;

/**
 * Approximate token count: one token per 4 characters, rounded up (the usual rule of thumb;
 * documented in docs/routing.md). For web-fetch truncation and where no tokenizer is at hand.
 *
 * @example
 * approxTokens('abcdefgh'); // 2
 */
export function approxTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

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
 * The one prompt-token count of a request: instructions, every input turn's text, the JSON of
 * the tool definitions, with per-message framing, and the images, files and audio of the input. The context-length check of routing (spec 2.4)
 * and the billed `usage.input_tokens` (spec 2.2) both use it, so a request that "fits" is billed
 * the number it was checked with.
 *
 * Prompt caching (spec 2.1) applies only when the request asks for it (`prompt_cache_key`,
 * top-level `cache_control`, or a content-block breakpoint); then everything before the last
 * input item is the cacheable prefix. `input`: the request's input as the engine read it once
 * (src/request/read-input.ts); read here when not given.
 *
 * @example
 * promptTokens({ input: 'Hi' }, tokenizer.count); // { inputTokens: 8, cacheableTokens: 0, cacheablePrefix: '' }
 */
export function promptTokens(
  request: Pick<ResponsesRequest, 'instructions' | 'input' | 'tools' | 'prompt_cache_key' | 'cache_control'>,
  count: CountTokens,
  input: Pick<InputView, 'turns'> = { turns: inputTurns(request.input) },
): PromptTokens {
  let prefix = 0;
  if (typeof request.instructions === 'string' && request.instructions !== '') prefix += count(request.instructions) + MESSAGE_OVERHEAD_TOKENS;
  if (Array.isArray(request.tools) && request.tools.length > 0) prefix += count(JSON.stringify(request.tools));
  const turns = input.turns;
  const turnTokens = turns.map((t) => count(t.text) + MESSAGE_OVERHEAD_TOKENS);
  const last = turnTokens.pop() ?? 0;
  prefix += turnTokens.reduce((a, b) => a + b, 0);
  // Images, files and audio are billed as input tokens by the rule of media-parts.ts.
  const inputTokens = prefix + last + REPLY_PRIMING_TOKENS + mediaTokens(request.input);
  const caching =
    (typeof request.prompt_cache_key === 'string' && request.prompt_cache_key !== '') ||
    (request.cache_control !== undefined && request.cache_control !== null) ||
    hasCacheBreakpoint(request.input);
  if (!caching || prefix === 0) return { inputTokens, cacheableTokens: 0, cacheablePrefix: '' };
  const cacheablePrefix = stableStringify([request.instructions ?? null, request.tools ?? null, turns.slice(0, -1).map((t) => [t.role, t.text])]);
  return { inputTokens, cacheableTokens: prefix, cacheablePrefix };
}

/** What {@link precountedPrompt} needs of a tokenizer. */
export interface SlicedCounter {
  count: CountTokens;
  /** The same count, computed without holding the event loop (a slice at a time). */
  countInSlices(text: string): Promise<number>;
}

/** Texts at least this long are counted ahead, in slices, by {@link precountedPrompt}. */
export const PRECOUNT_MIN_CHARS = 32_768;

/**
 * A counter for `request`'s prompt whose large texts (a long input, a big tool list) are already
 * counted, a slice at a time with turns of the event loop between slices, so one huge prompt does
 * not stall every other request while it is tokenized. The routing check and the billed usage then
 * read these counts (each text is encoded once, not once per reader); any other text is counted
 * as usual. The numbers are those of `counter.count`.
 *
 * @example
 * const count = await precountedPrompt(request, tokenizer);
 * promptTokens(request, count).inputTokens; // as promptTokens(request, tokenizer.count)
 */
export async function precountedPrompt(
  request: Parameters<typeof promptTokens>[0],
  counter: SlicedCounter,
  input?: Pick<InputView, 'turns'>,
): Promise<CountTokens> {
  const large: string[] = [];
  // The texts promptTokens counts, found by running it once with a counter that only notes them.
  promptTokens(
    request,
    (text) => {
      if (text.length >= PRECOUNT_MIN_CHARS) large.push(text);
      return 0;
    },
    input,
  );
  if (large.length === 0) return counter.count;
  const known = new Map<string, number>();
  for (const text of large) if (!known.has(text)) known.set(text, await counter.countInSlices(text));
  return (text) => known.get(text) ?? counter.count(text);
}
