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

/** The sums a gateway's holds add to (one per {@link createCreditHolds}). */
interface HeldSums {
  /** Per key. A key whose holds all closed keeps a 0 (no Map entry made and deleted per answer) until {@link SWEEP_AT} keys are listed. */
  readonly byKey: Map<string, number>;
  total: number;
  /** A reset forgets the holds: a hold made before it must not lower the sums after it. */
  epoch: number;
}

/** Keys listed at most before those holding nothing are forgotten. */
const SWEEP_AT = 1024;

function addHeld(sums: HeldSums, key: string, amount: number): void {
  const { byKey } = sums;
  if (byKey.size >= SWEEP_AT && !byKey.has(key)) for (const [k, held] of byKey) if (held === 0) byKey.delete(k);
  byKey.set(key, (byKey.get(key) ?? 0) + amount);
  sums.total += amount;
}

function dropHeld(sums: HeldSums, key: string, amount: number): void {
  const left = (sums.byKey.get(key) ?? 0) - amount;
  sums.byKey.set(key, left <= 1e-12 ? 0 : left);
  sums.total = Math.max(0, sums.total - amount);
}

/** One open hold. A class: its methods live on the prototype, not in closures made per answer. */
class Hold implements Reservation {
  #open = true;
  readonly #sums: HeldSums;
  readonly #key: string;
  readonly #made: number;
  readonly #charge: (record: GenerationRecord) => void;

  constructor(
    sums: HeldSums,
    key: string,
    readonly worstCost: number,
    charge: (record: GenerationRecord) => void,
  ) {
    this.#sums = sums;
    this.#key = key;
    this.#made = sums.epoch;
    this.#charge = charge;
    addHeld(sums, key, worstCost);
  }

  get open(): boolean {
    return this.#open;
  }

  settle(record: GenerationRecord): void {
    if (this.#close()) this.#charge(record);
  }

  release(): void {
    this.#close();
  }

  #close(): boolean {
    if (!this.#open) return false;
    this.#open = false;
    if (this.#made === this.#sums.epoch) dropHeld(this.#sums, this.#key, this.worstCost);
    return true;
  }
}

/**
 * @example
 * const holds = createCreditHolds();
 * const r = holds.hold('sk-a', 0.5, (record) => account.recordGeneration(record));
 * holds.heldBy('sk-a'); // 0.5
 * r.settle(record); // charged record.cost; the hold is gone
 */
export function createCreditHolds(): CreditHolds {
  const sums: HeldSums = { byKey: new Map(), total: 0, epoch: 0 };
  return {
    heldBy: (key) => sums.byKey.get(key) ?? 0,
    held: () => sums.total,
    hold: (key, amount, charge) => new Hold(sums, key, amount, charge),
    clear() {
      sums.byKey.clear();
      sums.total = 0;
      sums.epoch++;
    },
  };
}
