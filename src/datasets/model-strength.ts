import type { TextModel } from '../catalog/text-model.ts';
import { seededRandom } from '../random/seeded-random.ts';

/** The model's listed price per token (its first endpoint's, as GET /models lists it), USD strings. */
export function listedPricing(model: TextModel): { prompt: string; completion: string } {
  const top = model.endpoints[0];
  return { prompt: top?.pricing.prompt ?? '0', completion: top?.pricing.completion ?? '0' };
}

/**
 * How capable a model looks to the benchmark datasets, 0..1: pricier output, reasoning and a later
 * release score higher, with a seeded spread so equal prices do not tie. Every benchmark source
 * derives its scores from this one number, so the sources agree on the order of the models.
 *
 * @example
 * modelStrength(catalog.models[0], 0); // 0.63
 */
export function modelStrength(model: TextModel, seed: number): number {
  const completion = Number(listedPricing(model).completion) * 1e6; // USD per million tokens
  const price = Math.min(1, Math.max(0, (Math.log10(Math.max(completion, 0.01)) + 1) / 3)); // 0.1 .. 100 $/M
  const created = typeof model.created === 'number' ? model.created : 0;
  const recency = Math.min(1, Math.max(0, (created - 1_640_995_200) / (4 * 365 * 86_400))); // 2022 .. 2026
  const wobble = seededRandom(seed, 'benchmarks', 'strength', model.id).float();
  return Math.min(1, 0.45 * price + 0.25 * recency + (model.reasoning ? 0.1 : 0) + 0.2 * wobble);
}
