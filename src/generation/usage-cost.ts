import type { EndpointPricing } from '../catalog/model-endpoint.ts';
import type { ResponseUsage } from './output-items.ts';

/** Share of the upstream cost charged on a bring-your-own-key request (the gateway's fee). */
export const BYOK_FEE_FRACTION = 0.05;

/** Round away binary noise (prices are decimal strings of up to ~12 significant digits). */
function usd(n: number): number {
  return Math.round(n * 1e12) / 1e12;
}

/**
 * The reference `Usage` cost members from token counts and the serving endpoint's catalogue
 * prices (USD per token): uncached input at `prompt`, cache reads at `input_cache_read` and cache
 * writes at `input_cache_write` (each falling back to `prompt`), output at `completion` with
 * reasoning tokens at `internal_reasoning` when the catalogue sets it, plus a flat `request`
 * price. `cost_details` splits the upstream cost into input and output. With a BYOK key the
 * provider bills the caller directly: `cost` is the gateway fee (5% of the upstream cost) and
 * `cost_details.upstream_inference_cost` is what the provider charged; otherwise it is null and
 * `cost` is the upstream cost.
 *
 * @example
 * usageCost(usage, { prompt: '0.000001', completion: '0.000002' }, false);
 * // { cost: 0.000031, is_byok: false, cost_details: { upstream_inference_cost: null, ... } }
 */
export function usageCost(usage: ResponseUsage, pricing: EndpointPricing, isByok: boolean): Required<Pick<ResponseUsage, 'cost' | 'is_byok' | 'cost_details'>> {
  const price = (v: string | undefined, fallback = 0) => (v === undefined ? fallback : Number(v));
  const prompt = price(pricing.prompt);
  const completion = price(pricing.completion);
  const cached = usage.input_tokens_details.cached_tokens;
  const written = usage.input_tokens_details.cache_write_tokens ?? 0;
  const uncachedInput = Math.max(0, usage.input_tokens - cached - written);
  const reasoning = usage.output_tokens_details.reasoning_tokens;
  const inputCost = usd(
    uncachedInput * prompt + cached * price(pricing.input_cache_read, prompt) + written * price(pricing.input_cache_write, prompt) + price(pricing.request),
  );
  const outputCost = usd((usage.output_tokens - reasoning) * completion + reasoning * price(pricing.internal_reasoning, completion));
  const upstream = usd(inputCost + outputCost);
  return {
    cost: isByok ? usd(upstream * BYOK_FEE_FRACTION) : upstream,
    is_byok: isByok,
    cost_details: { upstream_inference_cost: isByok ? upstream : null, upstream_inference_input_cost: inputCost, upstream_inference_output_cost: outputCost },
  };
}

/**
 * What a paid answer whose provider charged `upstream` USD costs through the gateway: all of it,
 * or with a BYOK credential the gateway fee, the provider's charge then reported as
 * `upstream_inference_cost` (null otherwise), for the operations billed per image, character or
 * search rather than per token.
 *
 * @example
 * byokCharge(0.04, true); // { cost: 0.002, upstreamCost: 0.04 }
 */
export function byokCharge(upstream: number, isByok: boolean): { cost: number; upstreamCost: number | null } {
  return isByok ? { cost: usd(upstream * BYOK_FEE_FRACTION), upstreamCost: upstream } : { cost: upstream, upstreamCost: null };
}

/**
 * The most an answer can cost before it is made (the credit hold of docs/account.md): every input
 * token at the dearest input price (a cache write may cost more than a plain read), every output
 * token the budget allows at the dearest output price, and the flat request price; with a BYOK key,
 * the gateway fee of that.
 *
 * @example
 * worstUsageCost(1000, 256, { prompt: '0.000001', completion: '0.000002' }, false); // 0.001512
 */
export function worstUsageCost(inputTokens: number, maxOutputTokens: number, pricing: EndpointPricing, isByok: boolean): number {
  const price = (v: string | undefined, fallback = 0) => (v === undefined ? fallback : Number(v));
  const prompt = price(pricing.prompt);
  const completion = price(pricing.completion);
  const input = Math.max(prompt, price(pricing.input_cache_write, prompt));
  const output = Math.max(completion, price(pricing.internal_reasoning, completion));
  const upstream = usd(inputTokens * input + maxOutputTokens * output + price(pricing.request));
  return isByok ? usd(upstream * BYOK_FEE_FRACTION) : upstream;
}

/** reference `CostDetails` (chat `ChatUsage`, Messages `MessagesResult.usage`, embeddings): the upstream cost split under the prompt/completions names. */
export interface PromptCostDetails {
  upstream_inference_cost: number | null;
  upstream_inference_prompt_cost: number;
  upstream_inference_completions_cost: number;
}

/**
 * The canonical (Responses `Usage`) cost split under the member names of the reference's
 * `CostDetails`, which chat completions, Messages and embeddings answer with.
 *
 * @example
 * promptCostDetails({ upstream_inference_cost: null, upstream_inference_input_cost: 1, upstream_inference_output_cost: 2 });
 * // { upstream_inference_cost: null, upstream_inference_prompt_cost: 1, upstream_inference_completions_cost: 2 }
 */
export function promptCostDetails(details: NonNullable<ResponseUsage['cost_details']>): PromptCostDetails {
  return {
    upstream_inference_cost: details.upstream_inference_cost,
    upstream_inference_prompt_cost: details.upstream_inference_input_cost,
    upstream_inference_completions_cost: details.upstream_inference_output_cost,
  };
}
