import { ACCOUNT_USER_ID, DEFAULT_WORKSPACE_ID, isoSeconds } from './key-entry.ts';
import { seededUuid } from './seeded-uuid.ts';
import { workspaceBudgetState, type WorkspaceBudgetState } from './workspace-budget-state.ts';
import {
  memberKey,
  type BudgetInterval,
  type WorkspaceBudgetRecord,
  type WorkspaceMemberRecord,
  type WorkspaceRecord,
  type WorkspacesSnapshot,
} from './workspace-record.ts';

/**
 * The workspaces in memory: records by id and by slug, members and budgets by workspace, and each
 * workspace's budget state for the request path; every lookup O(1). No durability here: the
 * workspace store saves a change before it applies it to this index.
 */
export interface WorkspaceIndex {
  get(idOrSlug: string): WorkspaceRecord | undefined;
  count(): number;
  putWorkspace(record: WorkspaceRecord): void;
  deleteWorkspace(record: WorkspaceRecord): void;
  members(workspaceId: string): WorkspaceMemberRecord[];
  member(workspaceId: string, userId: string): WorkspaceMemberRecord | undefined;
  putMember(record: WorkspaceMemberRecord): void;
  deleteMember(record: WorkspaceMemberRecord): void;
  budgets(workspaceId: string): WorkspaceBudgetRecord[];
  putBudget(record: WorkspaceBudgetRecord): void;
  deleteBudget(record: WorkspaceBudgetRecord): void;
  budgetState(workspaceId: string): WorkspaceBudgetState | undefined;
  records(): WorkspacesSnapshot;
  /** Forget everything but the default workspace as it started, then take `snapshot`'s records. */
  restore(snapshot: Partial<WorkspacesSnapshot> | undefined): void;
}

const bySeq = (a: { seq: number }, b: { seq: number }) => a.seq - b.seq;

/** The workspace every key belongs to unless told otherwise (reference: "the default workspace"). */
export function defaultWorkspace(createdAt: number): WorkspaceRecord {
  return {
    id: DEFAULT_WORKSPACE_ID,
    default_guardrail_id: seededUuid(0, `default-guardrail:${DEFAULT_WORKSPACE_ID}`),
    name: 'Default Workspace',
    slug: 'default',
    description: null,
    default_text_model: null,
    default_image_model: null,
    default_provider_sort: null,
    is_observability_io_logging_enabled: false,
    is_observability_broadcast_enabled: false,
    is_data_discount_logging_enabled: true,
    io_logging_sampling_rate: 1,
    io_logging_api_key_ids: null,
    include_byok_in_budgets: false,
    created_at: isoSeconds(createdAt),
    updated_at: null,
    created_by: ACCOUNT_USER_ID,
    seq: 0,
  };
}

/** reference listWorkspaceMembers: the default workspace has every organization member implicitly (the account's owner). */
function implicitOwner(seed: number, startedAt: number): WorkspaceMemberRecord {
  return {
    id: seededUuid(seed, `member:${memberKey(DEFAULT_WORKSPACE_ID, ACCOUNT_USER_ID)}`),
    workspace_id: DEFAULT_WORKSPACE_ID,
    user_id: ACCOUNT_USER_ID,
    role: 'admin',
    created_at: isoSeconds(startedAt),
    seq: 0,
  };
}

/**
 * @example
 * const index = createWorkspaceIndex(0, clock.now());
 * index.get('default')?.id; // DEFAULT_WORKSPACE_ID
 */
export function createWorkspaceIndex(seed: number, startedAt: number): WorkspaceIndex {
  const byId = new Map<string, WorkspaceRecord>();
  const bySlug = new Map<string, WorkspaceRecord>();
  const members = new Map<string, Map<string, WorkspaceMemberRecord>>();
  const budgets = new Map<string, Map<BudgetInterval, WorkspaceBudgetRecord>>();
  const budgetStates = new Map<string, WorkspaceBudgetState>();
  const refreshBudget = (workspaceId: string) => {
    const workspace = byId.get(workspaceId);
    const state = workspace ? workspaceBudgetState(workspace, budgets.get(workspaceId)) : undefined;
    if (state) budgetStates.set(workspaceId, state);
    else budgetStates.delete(workspaceId);
  };
  const within = <K, V>(outer: Map<string, Map<K, V>>, id: string) => {
    let inner = outer.get(id);
    if (!inner) outer.set(id, (inner = new Map()));
    return inner;
  };
  const index: WorkspaceIndex = {
    get: (idOrSlug) => byId.get(idOrSlug) ?? bySlug.get(idOrSlug),
    count: () => byId.size,
    putWorkspace(record) {
      const earlier = byId.get(record.id);
      if (earlier) bySlug.delete(earlier.slug);
      byId.set(record.id, record);
      bySlug.set(record.slug, record);
      refreshBudget(record.id);
    },
    deleteWorkspace(record) {
      byId.delete(record.id);
      bySlug.delete(record.slug);
      members.delete(record.id);
      budgets.delete(record.id);
      budgetStates.delete(record.id);
    },
    members(workspaceId) {
      const explicit = [...(members.get(workspaceId)?.values() ?? [])].sort(bySeq);
      if (workspaceId !== DEFAULT_WORKSPACE_ID || members.get(workspaceId)?.has(ACCOUNT_USER_ID)) return explicit;
      return [implicitOwner(seed, startedAt), ...explicit];
    },
    member: (workspaceId, userId) => members.get(workspaceId)?.get(userId),
    putMember: (record) => void within(members, record.workspace_id).set(record.user_id, record),
    deleteMember: (record) => void members.get(record.workspace_id)?.delete(record.user_id),
    budgets: (workspaceId) => [...(budgets.get(workspaceId)?.values() ?? [])].sort(bySeq),
    putBudget(record) {
      within(budgets, record.workspace_id).set(record.interval, record);
      refreshBudget(record.workspace_id);
    },
    deleteBudget(record) {
      budgets.get(record.workspace_id)?.delete(record.interval);
      refreshBudget(record.workspace_id);
    },
    budgetState: (workspaceId) => budgetStates.get(workspaceId),
    records: () => ({
      workspaces: [...byId.values()].sort(bySeq),
      members: [...members.values()].flatMap((of) => [...of.values()]).sort(bySeq),
      budgets: [...budgets.values()].flatMap((of) => [...of.values()]).sort(bySeq),
    }),
    restore(snapshot) {
      for (const map of [byId, bySlug, members, budgets, budgetStates]) map.clear();
      index.putWorkspace(defaultWorkspace(startedAt));
      for (const record of snapshot?.workspaces ?? []) index.putWorkspace(record);
      for (const record of snapshot?.members ?? []) if (byId.has(record.workspace_id)) index.putMember(record);
      for (const record of snapshot?.budgets ?? []) if (byId.has(record.workspace_id)) index.putBudget(record);
    },
  };
  return index;
}
