import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { alphanumericCode } from './alphanumeric-code.ts';
import { hash53Final, hash53Update, type Hash53State } from './hash.ts';

/**
 * Scratch for {@link XoroshiroRandom.alphanumeric}, one array per id length: the character codes of
 * one id, turned into a string in one call. Appending a character at a time made a string per
 * character, and ids are drawn several times per answer; one array resized to each id's length
 * had V8 trim and grow its store on every id.
 */
const codesOfLength: number[][] = [];

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
  return new XoroshiroRandom(seed, keys.join('\u0000'));
}

/**
 * The implementation: methods on a prototype, not closures made per call. seededRandom runs
 * several times per request, and closures cost an allocation each (plus, under tsx/esbuild's
 * keepNames, an Object.defineProperty each: 3% of a request in the profile).
 */
class XoroshiroRandom implements SeededRandom {
  readonly #seed: number;
  /** cyrb53's state after this stream's key: a fork hashes only its own label on top. */
  readonly #state: Hash53State;
  readonly #gen: ReturnType<typeof xoroshiro128plus>;

  /** `state`: the hash state of the parent stream's key, which `key` continues (a fork). */
  constructor(seed: number, key: string, state?: Hash53State) {
    this.#seed = seed;
    // The key holds the canonical request, megabytes at worst: each fork continues the parent's
    // hash over "\u0000label" instead of hashing the parent's key again (the same number).
    this.#state = hash53Update(state, key, seed | 0);
    const mixed = hash53Final(this.#state);
    // xoroshiro takes a 32-bit seed; fold the 53-bit hash so both halves count.
    this.#gen = xoroshiro128plus((mixed ^ Math.floor(mixed / 4294967296)) | 0);
  }

  int(from: number, to: number): number {
    return uniformInt(this.#gen, from, to);
  }

  float(): number {
    return uniformInt(this.#gen, 0, 0x7fffffff) / 0x80000000;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[uniformInt(this.#gen, 0, items.length - 1)] as T;
  }

  alphanumeric(length: number): string {
    // Long ids in slices: fromCharCode.apply takes its arguments on the stack.
    if (length > 256) return this.alphanumeric(256) + this.alphanumeric(length - 256);
    const codes = (codesOfLength[length] ??= new Array<number>(length).fill(0));
    const gen = this.#gen;
    for (let i = 0; i < length; i++) codes[i] = alphanumericCode(gen);
    return String.fromCharCode.apply(null, codes);
  }

  fork(label: string): SeededRandom {
    return new XoroshiroRandom(this.#seed, `\u0000${label}`, this.#state);
  }
}
