import type { ImageEndpoint } from '../../catalog/image-model.ts';
import { byokCharge } from '../../generation/usage-cost.ts';
import type { ImageSize } from './image-size.ts';

/** Output image tokens of one image: one per 16x16 patch (1024x1024 is 4096, near the reference example's 4175). */
export function imageTokens(size: ImageSize): number {
  return Math.ceil(size.width / 16) * Math.ceil(size.height / 16);
}

export interface ImageUsage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly total_tokens: number;
  readonly cost: number;
  readonly is_byok: boolean;
  readonly completion_tokens_details: { readonly image_tokens: number };
}

/**
 * What `count` images of `size` cost on `endpoint` (reference `ImagePricingEntry`: billed per
 * output image), in the reference `ImageGenerationUsage` shape, with the provider's own bill
 * (`upstreamCost`, null unless BYOK). The prompt is not billed; a BYOK request pays the gateway
 * fee only (docs/byok.md).
 *
 * @example
 * imageUsage(endpoint, { width: 1024, height: 1024 }, 2, false).usage.cost; // 2 x the endpoint's price per image
 */
export function imageUsage(endpoint: ImageEndpoint, size: ImageSize, count: number, byok: boolean): { usage: ImageUsage; upstreamCost: number | null } {
  const tokens = imageTokens(size) * count;
  const { cost, upstreamCost } = byokCharge(Math.round(endpoint.price_per_image * count * 1e9) / 1e9, byok);
  const usage = { prompt_tokens: 0, completion_tokens: tokens, total_tokens: tokens, cost, is_byok: byok, completion_tokens_details: { image_tokens: tokens } };
  return { usage, upstreamCost };
}
