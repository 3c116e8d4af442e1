import { GatewayError } from '../../errors/gateway-error.ts';
import type { BudgetInterval } from '../../management/workspace-record.ts';

/** Narrowest first: the order in which budgets must strictly grow (reference upsertWorkspaceBudget). */
const NARROW_TO_WIDE: readonly BudgetInterval[] = ['daily', 'weekly', 'monthly', 'lifetime'];

/**
 * reference upsertWorkspaceBudget: "Budget limits must strictly decrease as the interval narrows
 * (lifetime > monthly > weekly > daily)". `limits` are the workspace's budgets with the new one in.
 */
export function checkBudgetOrder(limits: ReadonlyMap<BudgetInterval, number>): void {
  const set = NARROW_TO_WIDE.filter((interval) => limits.has(interval));
  for (let i = 0; i < set.length; i++) {
    for (let j = i + 1; j < set.length; j++) {
      const narrow = set[i] as BudgetInterval;
      const wide = set[j] as BudgetInterval;
      if ((limits.get(narrow) as number) >= (limits.get(wide) as number)) {
        throw new GatewayError(
          400,
          `limit_usd: the ${narrow} budget ($${limits.get(narrow)}) must be less than the ${wide} budget ($${limits.get(wide)}): budgets strictly decrease as the interval narrows (lifetime > monthly > weekly > daily)`,
        );
      }
    }
  }
}
