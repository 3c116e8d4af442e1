import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { hash53 } from './hash.ts';

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A deterministic source of choices; every "random" decision of the simulator comes from one. */
export interface SeededRandom {
  /** Integer in [from, to], both inclusive. */
  int(from: number, to: number): number;
  /** Float in [0, 1). */
  float(): number;
  pick<T>(items: readonly T[]): T;
  /** `length` characters of [0-9A-Za-z] (job ids, response ids). */
  alphanumeric(length: number): string;
  /** A new independent stream keyed by `label` (so adding one draw does not shift all others). */
  fork(label: string): SeededRandom;
}

/**
 * A seeded PRNG (pure-rand xoroshiro128+, as fast-check uses) keyed by the gateway seed and any
 * number of labels, e.g. the canonical request body.
 *
 * @example
 * const rng = seededRandom(0, 'responses', stableStringify(body));
 * rng.alphanumeric(20);
 */
export function seededRandom(seed: number, ...keys: string[]): SeededRandom {
  const key = keys.join('\u0000');
  const mixed = hash53(key, seed | 0);
  // xoroshiro takes a 32-bit seed; fold the 53-bit hash so both halves count.
  const gen = xoroshiro128plus((mixed ^ Math.floor(mixed / 4294967296)) | 0);
  const self: SeededRandom = {
    int: (from, to) => uniformInt(gen, from, to),
    float: () => uniformInt(gen, 0, 0x7fffffff) / 0x80000000,
    pick(items) {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[uniformInt(gen, 0, items.length - 1)] as (typeof items)[number];
    },
    alphanumeric(length) {
      let out = '';
      for (let i = 0; i < length; i++) out += ALPHANUMERIC[uniformInt(gen, 0, ALPHANUMERIC.length - 1)];
      return out;
    },
    fork: (label) => seededRandom(seed, key, label),
  };
  return self;
}
