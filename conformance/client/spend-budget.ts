import { learnPrices, probePrice, type PriceTable } from './probe-price.ts';
import type { Probe } from './probe.ts';

/**
 * The run's money budget (`--max-spend`, USD): every request to a paid operation is weighed at the
 * most it can cost ({@link probePrice}, from the prices the target lists) before it is sent, and
 * refused when that does not fit in what is left. Free operations weigh nothing; so does a paid
 * request the target lists no price for (counted apart: only the request budget bounds it). It sits beside the
 * request budget (`--max-requests`), which shares the run out among the checks; this one caps what
 * a live gateway can charge, whatever the checks send.
 */
export interface SpendBudget {
  /** USD; `Infinity` when the run has no cap (the simulator). */
  readonly limit: number;
  /** USD weighed so far (the worst case of every paid request sent). */
  used(): number;
  /** Paid requests sent that the target lists no price for (weighed at nothing; `--max-requests` bounds them). */
  unpriced(): number;
  /** The worst-case price of a probe at the prices learned so far; undefined when none is listed. */
  priceOf(probe: Probe): number | undefined;
  /** Does a paid probe of this price fit in what is left? (An unpriced one always does.) */
  fits(price: number | undefined): boolean;
  /** Weigh a paid probe: false (nothing taken) when its price does not fit. */
  take(price: number | undefined): boolean;
  /** Learn the prices of a model listing the run read (`GET /models`, `/videos/models`, ...). */
  learn(listing: readonly unknown[]): void;
  /** The model a probe that names none is priced at (the run's model, once chosen). */
  useModel(model: string): void;
}

/**
 * @example
 * const spend = createSpendBudget(0.01);
 * spend.learn([{ id: 'm', pricing: { prompt: '0.000001', completion: '0.000001' } }]);
 * spend.take(spend.priceOf({ method: 'POST', path: '/responses', body: { model: 'm', input: 'x', max_output_tokens: 16 } })); // true
 */
export function createSpendBudget(limit: number): SpendBudget {
  const table: PriceTable = new Map();
  let used = 0;
  let unpriced = 0;
  let model: string | undefined;
  return {
    limit,
    used: () => used,
    unpriced: () => unpriced,
    priceOf: (probe) => probePrice(probe, table, model),
    // A little slack for the sum of floating-point prices: a budget set to the exact sum of a run's prices fits that run.
    fits: (price) => price === undefined || used + price <= limit * (1 + 1e-9),
    take(price) {
      if (price === undefined) {
        unpriced++;
        return true;
      }
      if (used + price > limit * (1 + 1e-9)) return false;
      used += price;
      return true;
    },
    learn: (listing) => learnPrices(table, listing),
    useModel: (m) => {
      model = m;
    },
  };
}

/** The message of a probe refused by the money budget. */
export function spendExhaustedMessage(limit: number, price: number | undefined, used: number): string {
  return `spend budget exhausted: this request may cost up to $${(price ?? 0).toFixed(6)}, $${Math.max(0, limit - used).toFixed(6)} of $${limit} is left (raise --max-spend)`;
}
