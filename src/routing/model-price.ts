import type { TextModel } from '../catalog/text-model.ts';
import { perMillion } from '../catalog/usd-price.ts';

/** Cheapest prompt list price of a model over its endpoints, USD per million tokens. */
export function modelPromptPrice(model: TextModel): number {
  return Math.min(...model.endpoints.map((e) => perMillion(e.pricing.prompt)));
}

/** Cheapest prompt + completion price of a model, USD per million tokens (auto routers' cost axis). */
export function modelBlendedPrice(model: TextModel): number {
  return Math.min(...model.endpoints.map((e) => perMillion(e.pricing.prompt) + perMillion(e.pricing.completion)));
}
