import type { TurnRange } from './session-cost-query.ts';

/** One cell of the session-cost dataset (reference `SessionCostItem`). */
export interface SessionCostCell {
  readonly app_slug: string;
  readonly app_name: string;
  readonly turn_range: TurnRange;
  readonly model_permaslug: string;
  readonly median_session_cost_usd: number;
}

/** The median of non-empty `values`. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** USD as the dataset reports it: four significant digits, never below a millionth. */
export function usd(n: number): number {
  return n <= 0 ? 0 : Number(Math.max(n, 1e-6).toPrecision(4));
}
