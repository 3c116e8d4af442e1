/** Thrown by the client when a paid probe would go over the budget; checks turn it into a skip (or a partial verdict). */
export class BudgetExhaustedError extends Error {
  constructor(
    readonly limit: number,
    message = `request budget exhausted: ${limit} request${limit === 1 ? '' : 's'} to paid operations allowed for this check (raise --max-requests)`,
  ) {
    super(message);
    this.name = 'BudgetExhaustedError';
  }
}

/**
 * The number of requests to paid operations (the paid endpoints of the operations table,
 * `paidEndpoints()`: POST /responses, /videos, /embeddings, ...) a run may send. Every such request takes a unit BEFORE it is sent,
 * whether the suite expects it to be served or rejected: a target that wrongly serves a
 * rule-breaking request would charge for it.
 */
export interface RequestBudget {
  readonly limit: number;
  used(): number;
  remaining(): number;
  /** Take one unit; false (and nothing taken) when none is left here or in the parent. */
  take(): boolean;
  /** A budget of at most `limit` units drawn from this one (one check's share). */
  scope(limit: number): RequestBudget;
  /**
   * Let this budget spend at least `units` more than it has spent, above its share when needed
   * (as far as the budgets above it have them): a check's first example of every rule is owed
   * before its random runs are shared out.
   */
  ensure(units: number): void;
  /** The run's whole budget (the top of the chain): is the run spent, or only this share? */
  root(): RequestBudget;
}

/**
 * @example
 * const budget = createRequestBudget(2);
 * budget.take(); budget.take(); budget.take(); // true, true, false
 * budget.scope(1).take(); // false: the parent is empty
 *
 * @example
 * const share = createRequestBudget(10).scope(1);
 * share.ensure(3); // share.remaining() === 3: owed examples go above the fair share
 */
export function createRequestBudget(initialLimit: number, parent?: RequestBudget): RequestBudget {
  let used = 0;
  let limit = initialLimit;
  const self: RequestBudget = {
    get limit() {
      return limit;
    },
    used: () => used,
    remaining: () => Math.max(0, Math.min(limit - used, parent ? parent.remaining() : Infinity)),
    take() {
      if (used >= limit) return false;
      if (parent && !parent.take()) return false;
      used++;
      return true;
    },
    scope: (n) => createRequestBudget(n, self),
    ensure(units) {
      // The run's own limit is a hard cap (money safety): only shares stretch, within what is left above them.
      if (!parent) return;
      parent.ensure(units);
      limit = Math.max(limit, used + Math.min(units, parent.remaining()));
    },
    root: () => (parent ? parent.root() : self),
  };
  return self;
}
