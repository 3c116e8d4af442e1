import type { Owed } from '../check.ts';

/**
 * The share of the budget the check at `index` may spend: what it owes, plus a fair part of what
 * is left once every check still to come has its owed requests kept back (coverage by
 * construction: a larger budget never leaves a later check without its first example of every
 * rule). What a check leaves unused rolls forward; a shared sample set already sent (`made`) is
 * owed no more. Under a budget smaller than what is owed, the check gets what it owes and the
 * run's budget decides where it stops.
 *
 * @example
 * fairShare(10, 0, [{ own: 3 }, { own: 4 }], [true, true], () => false); // 3 + floor(3 / 2) = 4
 */
export function fairShare(left: number, index: number, owed: readonly Owed[], spends: readonly boolean[], made: (key: string) => boolean): number {
  const reserved = owedFrom(index, owed, spends, made);
  const spenders = spends.slice(index).filter(Boolean).length;
  const spare = Math.max(0, left - reserved);
  return owed[index]!.own + Math.ceil(spare / Math.max(1, spenders));
}

/**
 * What the checks from `index` on owe in all (their own, and each shared sample set not yet made
 * once): the smallest budget at which each of them gets its first example of every rule.
 *
 * @example
 * owedFrom(0, [{ own: 3 }, { own: 1, shared: { s: 2 } }, { own: 0, shared: { s: 2 } }], [true, true, true], () => false); // 6
 */
export function owedFrom(index: number, owed: readonly Owed[], spends: readonly boolean[], made: (key: string) => boolean): number {
  let reserved = 0;
  const sharedKeys = new Map<string, number>();
  for (let j = index; j < owed.length; j++) {
    if (!spends[j]) continue;
    reserved += owed[j]!.own;
    for (const [key, size] of Object.entries(owed[j]!.shared ?? {})) if (!made(key)) sharedKeys.set(key, Math.max(size, sharedKeys.get(key) ?? 0));
  }
  for (const size of sharedKeys.values()) reserved += size;
  return reserved;
}
