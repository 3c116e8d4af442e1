import type { BudgetInterval, WorkspaceBudgetRecord, WorkspaceRecord } from './workspace-record.ts';

/**
 * A workspace's budgets as the request path checks them: one limit per interval (USD) and whether
 * BYOK spend counts. Built when a budget changes, read in O(1) per paid request.
 */
export interface WorkspaceBudgetState {
  readonly workspaceId: string;
  readonly limits: ReadonlyArray<{ readonly interval: BudgetInterval; readonly limitUsd: number }>;
  readonly includeByok: boolean;
}

/** The state of a workspace's budgets, or undefined when it has none (nothing to check). */
export function workspaceBudgetState(
  workspace: WorkspaceRecord,
  budgets: ReadonlyMap<BudgetInterval, WorkspaceBudgetRecord> | undefined,
): WorkspaceBudgetState | undefined {
  if (!budgets || budgets.size === 0) return undefined;
  const limits = [...budgets.values()].map((b) => ({ interval: b.interval, limitUsd: b.limit_usd }));
  return { workspaceId: workspace.id, limits, includeByok: workspace.include_byok_in_budgets };
}
