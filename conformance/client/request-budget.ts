/** Thrown by the client when a paid probe would go over the run's budget; the runner turns it into a skip. */
export class BudgetExhaustedError extends Error {
  constructor(readonly limit: number) {
    super(`request budget exhausted (${limit} paid requests; raise it with --max-requests)`);
    this.name = 'BudgetExhaustedError';
  }
}

/**
 * The number of paid requests (generations, video jobs) a run may send to the target. A live,
 * paid gateway is only ever sent this many requests that can cost money.
 */
export interface RequestBudget {
  readonly limit: number;
  used(): number;
  remaining(): number;
  /** Take one unit; false (and nothing taken) when none is left. */
  take(): boolean;
  /** Count a request that turned out to be paid though it was not expected to be (an accepted bad request). */
  charge(): void;
}

/**
 * @example
 * const budget = createRequestBudget(2);
 * budget.take(); budget.take(); budget.take(); // true, true, false
 */
export function createRequestBudget(limit: number): RequestBudget {
  let used = 0;
  return {
    limit,
    used: () => used,
    remaining: () => Math.max(0, limit - used),
    take() {
      if (used >= limit) return false;
      used++;
      return true;
    },
    charge() {
      used++;
    },
  };
}
