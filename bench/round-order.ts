/**
 * The order of the targets in round `round` of `rounds`: the table's order, started
 * `round / rounds` of the way along it and wrapped around. Every target still runs
 * once per round, so ratios still pair by round; but no target is first in every round. The
 * first target of a round follows the longest idle spell of its server (a whole round of other
 * servers' load), and with a fixed order that cost fell on the same row every time.
 *
 * @example
 * roundOrder(['a', 'b', 'c', 'd'], 1, 2); // ['c', 'd', 'a', 'b']
 */
export function roundOrder<T>(targets: readonly T[], round: number, rounds: number): T[] {
  if (targets.length === 0) return [];
  const start = Math.floor((round * targets.length) / Math.max(1, rounds)) % targets.length;
  return [...targets.slice(start), ...targets.slice(0, start)];
}
