/**
 * How many randomized runs (or repetitions) a heavy test makes. CI (`CI` set, as CI services do)
 * and `GATEWAYKIT_FULL_RUNS=1` get the full count, so the randomized tests keep their power where
 * a submission is judged; a local `npm test` gets the smaller count, so the loop stays quick.
 * The seed is printed either way, and a failure found locally replays with the same seed.
 *
 * @example
 * const RUNS = Number(process.env.FUZZ_RUNS ?? runsFor({ ci: 10_000, local: 2_000 }));
 */
export function runsFor(counts: { ci: number; local: number }): number {
  const full = Boolean(process.env.CI) || process.env.GATEWAYKIT_FULL_RUNS === '1';
  return full ? counts.ci : counts.local;
}
