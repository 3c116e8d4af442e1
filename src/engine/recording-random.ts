import type { SeededRandom } from '../random/seeded-random.ts';

/**
 * A SeededRandom that notes the lengths of its `alphanumeric` draws, so the same draws can be made
 * again on another stream (a replayed answer's ids: answer-memo.ts). Any other kind of draw makes
 * it `mixed`: the replay would not know how to repeat it, so such an answer is not replayed.
 *
 * @example
 * const items = new RecordingRandom(ids.fork('items'));
 * buildOutput(plan, { rng: items, ... });
 * items.lengths; // [24, 24]
 */
export class RecordingRandom implements SeededRandom {
  readonly #inner: SeededRandom;
  readonly lengths: number[] = [];
  readonly values: string[] = [];
  mixed = false;

  constructor(inner: SeededRandom) {
    this.#inner = inner;
  }

  alphanumeric(length: number): string {
    const value = this.#inner.alphanumeric(length);
    this.lengths.push(length);
    this.values.push(value);
    return value;
  }

  int(from: number, to: number): number {
    this.mixed = true;
    return this.#inner.int(from, to);
  }

  float(): number {
    this.mixed = true;
    return this.#inner.float();
  }

  pick<T>(items: readonly T[]): T {
    this.mixed = true;
    return this.#inner.pick(items);
  }

  fork(label: string): SeededRandom {
    this.mixed = true;
    return this.#inner.fork(label);
  }
}
