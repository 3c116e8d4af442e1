import fc from 'fast-check';

/**
 * One kind of input of a property: a rule it breaks, or a kind of probe. A property given strata
 * sends the smallest value of every stratum first (coverage by construction: every run, at any
 * `--runs`, probes every rule at least once), then random values drawn from all of them.
 */
export interface Stratum<T> {
  /** What this kind of input is, in words (`malformed JSON`, `session_id over 256 characters`). */
  readonly label: string;
  /** The catalogue rules a value of this stratum breaks (or probes); default the check's. */
  readonly rules?: readonly string[];
  readonly arbitrary: fc.Arbitrary<T>;
}

/**
 * The smallest value of an arbitrary, as fast-check shrinks it (257 for "over 256", `{` for
 * malformed JSON): a property that always fails, shrunk to its end. Deterministic for a seed.
 *
 * @example
 * smallestOf(fc.integer({ min: 257, max: 456 }), 1); // 257
 */
export function smallestOf<T>(arbitrary: fc.Arbitrary<T>, seed: number): T {
  const details = fc.check(
    fc.property(arbitrary, () => false),
    { seed, numRuns: 1 },
  );
  if (!details.counterexample) throw new Error('smallestOf: the arbitrary produced no value');
  return details.counterexample[0] as T;
}

/** A value and the stratum it was drawn from (-1: the property has no strata). */
export interface Tagged<T> {
  readonly stratum: number;
  readonly value: T;
}

/**
 * Every stratum's smallest value, in stratum order, and one arbitrary drawing from all of them,
 * each value tagged with its stratum (shrinking stays within it, so a failure knows its rule).
 *
 * @example
 * const { examples, arbitrary } = stratify([{ label: 'no key', arbitrary: fc.constant(1) }], 7);
 * examples; // [{ stratum: 0, value: 1 }]
 */
export function stratify<T>(
  strata: readonly Stratum<T>[],
  seed: number,
): { readonly examples: readonly Tagged<T>[]; readonly arbitrary: fc.Arbitrary<Tagged<T>> } {
  if (strata.length === 0) throw new Error('stratify: no strata');
  const tagged = strata.map((s, stratum) => s.arbitrary.map((value): Tagged<T> => ({ stratum, value })));
  return { examples: tagged.map((arbitrary) => smallestOf(arbitrary, seed)), arbitrary: fc.oneof(...tagged) };
}
