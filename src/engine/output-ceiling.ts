import type { EndpointPricing } from '../catalog/model-endpoint.ts';
import type { ModelEndpoint } from '../catalog/model-endpoint.ts';
import type { TextModel } from '../catalog/text-model.ts';
import { worstUsageCost } from '../generation/usage-cost.ts';

/**
 * The most output tokens the serving endpoint writes when the request sets no budget: its
 * `max_completion_tokens` (the endpoint's, else the model's), else what the context leaves after
 * the prompt (at least 1). This bounds every answer's work and its credit hold.
 *
 * @example
 * outputCeiling({ model: { context_length: 8192 }, endpoint: {} }, 1000); // 7192
 */
export function outputCeiling(
  decision: {
    readonly model: Pick<TextModel, 'context_length' | 'max_completion_tokens'>;
    readonly endpoint: Pick<ModelEndpoint, 'context_length' | 'max_completion_tokens'>;
  },
  promptTokens: number,
): number {
  const set = decision.endpoint.max_completion_tokens ?? decision.model.max_completion_tokens;
  if (set !== undefined) return set;
  const context = decision.endpoint.context_length ?? decision.model.context_length;
  return Math.max(1, context - promptTokens);
}

/**
 * The 402 of a text answer whose worst case does not fit what is left to spend (OpenRouter's
 * wording): how many output tokens were asked for, and how many the credits left cover.
 *
 * @example
 * affordMessage(0.001, 4096, 100, pricing, false); // 'This request requires more credits, or fewer max_tokens. You requested up to 4096 tokens, but can only afford 450. ...'
 */
export function affordMessage(left: number, requested: number, promptTokens: number, pricing: EndpointPricing, byok: boolean): string {
  const perToken = worstUsageCost(0, 1, pricing, byok);
  const fixed = worstUsageCost(promptTokens, 0, pricing, byok);
  const affordable = perToken > 0 ? Math.max(0, Math.floor((left - fixed) / perToken)) : requested;
  return `This request requires more credits, or fewer max_tokens. You requested up to ${requested} tokens, but can only afford ${affordable}. Add credits or raise the key's limit to continue.`;
}
