import type { WorkspaceBudgetRecord, WorkspaceMemberRecord, WorkspaceRecord } from '../../management/workspace-record.ts';

/** reference `Workspace`: the record without its creation order. */
export function workspaceData(record: WorkspaceRecord): Record<string, unknown> {
  const { seq: _seq, ...shown } = record;
  return shown;
}

/** reference `WorkspaceMember`. */
export function memberData(record: WorkspaceMemberRecord): Record<string, unknown> {
  const { seq: _seq, ...shown } = record;
  return shown;
}

/** reference `WorkspaceBudget`: `reset_interval` is null for a lifetime budget. */
export function budgetData(record: WorkspaceBudgetRecord): Record<string, unknown> {
  return {
    id: record.id,
    workspace_id: record.workspace_id,
    limit_usd: record.limit_usd,
    reset_interval: record.interval === 'lifetime' ? null : record.interval,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}
