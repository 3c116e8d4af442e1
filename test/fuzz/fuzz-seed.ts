/**
 * The seed of a fuzz run: FUZZ_SEED when set (to replay), else a fresh one. Always printed, so a
 * failure in CI can be replayed with `FUZZ_SEED=<n> npx vitest run test/fuzz`.
 */
export function fuzzSeed(label: string): number {
  const fromEnv = process.env.FUZZ_SEED;
  const seed = fromEnv !== undefined && fromEnv !== '' ? Number(fromEnv) | 0 : (Math.random() * 2 ** 31) | 0;
  console.log(`[fuzz] ${label}: seed ${seed} (replay with FUZZ_SEED=${seed})`);
  return seed;
}
