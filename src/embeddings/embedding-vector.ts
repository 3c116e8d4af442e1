import { hash53 } from '../random/hash.ts';
import type { Feature } from './embedding-features.ts';

/** How many coordinates each feature touches (a sparse random projection, signs from the hash). */
const SPREAD = 8;

/** The next state of a 32-bit mixer (the finaliser of MurmurHash3): one hash, many coordinates. */
function mix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * A unit-length vector of `dimensions` float32 values for a list of features, seeded by `model`:
 * each feature adds its weight, with a hashed sign, to a few hashed coordinates (a random
 * projection of the bag of features). Texts that share features share coordinates, so their
 * cosine similarity is higher; the same features and model always give the same vector, and
 * another model gives another one. Never zero: if the weights cancel out, one hashed coordinate
 * is set.
 *
 * @example
 * embeddingVector(textFeatures('hello'), 8, 'openai/text-embedding-3-small'); // 8 numbers, norm 1
 */
export function embeddingVector(features: readonly Feature[], dimensions: number, model: string): number[] {
  const seed = hash53(model) % 0x100000000;
  const sums = new Float64Array(dimensions);
  const spread = Math.min(SPREAD, dimensions);
  // A feature that recurs (a word used twice) is projected once with its summed weight: the
  // same vector, and a long text costs its distinct features, not its length.
  const weights = new Map<string, number>();
  for (const [name, weight] of features) weights.set(name, (weights.get(name) ?? 0) + weight);
  for (const [name, weight] of weights) {
    let state = hash53(name, seed) % 0x100000000;
    for (let k = 0; k < spread; k++) {
      state = mix(state + k + 0x9e3779b9);
      const index = state % dimensions;
      sums[index] = (sums[index] as number) + (state & 0x80000000 ? -weight : weight);
    }
  }
  let norm = 0;
  for (const v of sums) norm += v * v;
  const out = new Array<number>(dimensions);
  if (norm === 0) {
    out.fill(0);
    out[mix(seed + features.length) % dimensions] = 1;
    return out;
  }
  const scale = 1 / Math.sqrt(norm);
  // float32 values, so the JSON numbers and the base64 bytes carry the very same vector.
  for (let i = 0; i < dimensions; i++) out[i] = Math.fround((sums[i] as number) * scale);
  return out;
}
