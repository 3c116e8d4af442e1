import type { GenerationRecord } from './generation-record.ts';

/**
 * A paid answer's hold on credits (docs/account.md, "Credits cannot be overspent"): made when the
 * request passes the 402 check, for the most the answer can cost, before any work; the answer's
 * real cost settles it. Every paid operation bills through one: `ctx.reserve(worstCost)` (the
 * dispatcher releases a hold its operation left open when it fails), then `settle(record)` once the
 * answer is delivered.
 */
export interface Reservation {
  /** The most the answer may cost, USD, held against the key's limit and the account's credits. */
  readonly worstCost: number;
  /**
   * The answer was delivered: record it (`GET /generation`) and charge its cost (`GET /key`,
   * `GET /credits`) in place of the hold. Once; later calls do nothing.
   */
  settle(record: GenerationRecord): void;
  /** The answer was not delivered: drop the hold and charge nothing. Does nothing once settled. */
  release(): void;
  /** Whether neither has happened yet. */
  readonly open: boolean;
}

/** Sums of the open holds, per key and for the account. */
export interface CreditHolds {
  /** What `key`'s open holds add up to, USD. */
  heldBy(key: string): number;
  /** What all open holds add up to, USD. */
  held(): number;
  /** A hold of `amount` on `key`, charged through `charge` when settled. */
  hold(key: string, amount: number, charge: (record: GenerationRecord) => void): Reservation;
  clear(): void;
}

/**
 * @example
 * const holds = createCreditHolds();
 * const r = holds.hold('sk-a', 0.5, (record) => account.recordGeneration(record));
 * holds.heldBy('sk-a'); // 0.5
 * r.settle(record); // charged record.cost; the hold is gone
 */
export function createCreditHolds(): CreditHolds {
  const byKey = new Map<string, number>();
  let total = 0;
  // A reset forgets the holds: a hold made before it must not lower the sums after it.
  let epoch = 0;
  const drop = (key: string, amount: number) => {
    const left = (byKey.get(key) ?? 0) - amount;
    if (left <= 1e-12) byKey.delete(key);
    else byKey.set(key, left);
    total = Math.max(0, total - amount);
  };
  return {
    heldBy: (key) => byKey.get(key) ?? 0,
    held: () => total,
    hold(key, amount, charge) {
      const made = epoch;
      let open = true;
      byKey.set(key, (byKey.get(key) ?? 0) + amount);
      total += amount;
      const close = () => {
        if (!open) return false;
        open = false;
        if (made === epoch) drop(key, amount);
        return true;
      };
      return {
        worstCost: amount,
        get open() {
          return open;
        },
        settle(record) {
          if (close()) charge(record);
        },
        release() {
          close();
        },
      };
    },
    clear() {
      byKey.clear();
      total = 0;
      epoch++;
    },
  };
}
