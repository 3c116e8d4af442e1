import type { Collection } from '@msw/data';
import type { Clock } from '../clock/clock.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { ACCOUNT_USER_ID, DEFAULT_WORKSPACE_ID, isoSeconds } from './key-entry.ts';
import type { ManagementChange } from './management-change.ts';
import { workspaceBudgetState, type WorkspaceBudgetState } from './workspace-budget-state.ts';
import {
  budgetKey,
  memberKey,
  WorkspaceBudgetRecordSchema,
  WorkspaceMemberRecordSchema,
  WorkspaceRecordSchema,
  type BudgetInterval,
  type WorkspaceBudgetRecord,
  type WorkspaceMemberRecord,
  type WorkspaceRecord,
  type WorkspacesSnapshot,
} from './workspace-record.ts';
import { seededUuid } from './seeded-uuid.ts';

/** How much the workspaces keep (hostile input: every collection is bounded). */
export interface WorkspaceBounds {
  /** Workspaces at most, the default one included (default 1,000): past it, POST /workspaces is a 400. */
  maxWorkspaces: number;
  /** Members of one workspace at most (default 1,000): past it, members/add is a 400. */
  maxMembersPerWorkspace: number;
}
export const DEFAULT_WORKSPACE_BOUNDS: WorkspaceBounds = { maxWorkspaces: 1_000, maxMembersPerWorkspace: 1_000 };

export interface WorkspaceCollections {
  readonly workspaces: Collection<typeof WorkspaceRecordSchema>;
  readonly members: Collection<typeof WorkspaceMemberRecordSchema>;
}

export interface WorkspaceStoreOptions {
  clock: Clock;
  seed: number;
  /** The management plane's creation counter (ids and listing order; kept in the state file). */
  nextSeq(): number;
  restore?: Partial<WorkspacesSnapshot>;
  /** Makes a change durable (the state file) before it is applied; rejects with the 503. */
  save(change: WorkspaceChange): Promise<void>;
  bounds?: Partial<WorkspaceBounds>;
}

/**
 * The workspaces of one gateway (reference Workspaces): records in Maps (the truth, the point
 * lookups by id and by slug), their budgets as an O(1) state per workspace for the request path
 * (`budgetState`), and @msw/data collections beside them for the paged listings, built on the
 * first listing. Every change is durable before it is applied.
 */
export interface WorkspaceStore {
  ready(): Promise<WorkspaceCollections>;
  readonly bounds: WorkspaceBounds;
  /** A workspace by id or slug (reference: "The workspace ID (UUID) or slug"). */
  get(idOrSlug: string): WorkspaceRecord | undefined;
  count(): number;
  putWorkspace(record: WorkspaceRecord): Promise<void>;
  /** Forget a workspace with its members and budgets (reference deleteWorkspace). */
  deleteWorkspace(record: WorkspaceRecord): Promise<void>;
  /** The members of a workspace, oldest first; the default one's implicit members first. */
  members(workspaceId: string): WorkspaceMemberRecord[];
  member(workspaceId: string, userId: string): WorkspaceMemberRecord | undefined;
  putMember(record: WorkspaceMemberRecord): Promise<void>;
  deleteMember(record: WorkspaceMemberRecord): Promise<void>;
  budgets(workspaceId: string): WorkspaceBudgetRecord[];
  putBudget(record: WorkspaceBudgetRecord): Promise<void>;
  deleteBudget(record: WorkspaceBudgetRecord): Promise<void>;
  /** The budgets of a workspace as the request path checks them (O(1)), or undefined when it has none. */
  budgetState(workspaceId: string): WorkspaceBudgetState | undefined;
  /** Ids for new records, from the seed and the store's own counter. */
  newId(kind: 'workspace' | 'member' | 'budget'): { id: string; seq: number };
  records(): WorkspacesSnapshot;
  snapshot(): WorkspacesSnapshot;
  reset(): void;
}

/** A change as this store hands it over: the management store adds its counter. */
export type { WorkspacesSnapshot };
export type WorkspaceChange = ManagementChange extends infer C ? (C extends { kind: 'put' | 'delete' } ? Omit<C, 'seq'> : never) : never;

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

/**
 * @example
 * const store = createWorkspaceStore({ clock, seed: 0, save: async () => {} });
 * store.get('default')?.id; // DEFAULT_WORKSPACE_ID
 */
export function createWorkspaceStore(options: WorkspaceStoreOptions): WorkspaceStore {
  const bounds: WorkspaceBounds = { ...DEFAULT_WORKSPACE_BOUNDS, ...options.bounds };
  const startedAt = options.clock.now();
  const byId = new Map<string, WorkspaceRecord>();
  const bySlug = new Map<string, WorkspaceRecord>();
  const members = new Map<string, Map<string, WorkspaceMemberRecord>>();
  const budgets = new Map<string, Map<BudgetInterval, WorkspaceBudgetRecord>>();
  const budgetStates = new Map<string, WorkspaceBudgetState>();
  let epoch = 0;
  let version = 0;
  let collections: WorkspaceCollections | undefined;
  let loading: Promise<WorkspaceCollections> | undefined;

  const refreshBudget = (workspaceId: string) => {
    const workspace = byId.get(workspaceId);
    const state = workspace ? workspaceBudgetState(workspace, budgets.get(workspaceId)) : undefined;
    if (state) budgetStates.set(workspaceId, state);
    else budgetStates.delete(workspaceId);
  };
  const rememberWorkspace = (record: WorkspaceRecord) => {
    const earlier = byId.get(record.id);
    if (earlier) bySlug.delete(earlier.slug);
    byId.set(record.id, record);
    bySlug.set(record.slug, record);
    refreshBudget(record.id);
  };
  const rememberMember = (record: WorkspaceMemberRecord) => {
    let of = members.get(record.workspace_id);
    if (!of) members.set(record.workspace_id, (of = new Map()));
    of.set(record.user_id, record);
  };
  const rememberBudget = (record: WorkspaceBudgetRecord) => {
    let of = budgets.get(record.workspace_id);
    if (!of) budgets.set(record.workspace_id, (of = new Map()));
    of.set(record.interval, record);
    refreshBudget(record.workspace_id);
  };
  function restore(snapshot: Partial<WorkspacesSnapshot> | undefined): void {
    rememberWorkspace(defaultWorkspace(startedAt));
    for (const record of snapshot?.workspaces ?? []) rememberWorkspace(record);
    for (const record of snapshot?.members ?? []) if (byId.has(record.workspace_id)) rememberMember(record);
    for (const record of snapshot?.budgets ?? []) if (byId.has(record.workspace_id)) rememberBudget(record);
  }
  /** Saves first; applies only when no control reset came in between. */
  async function durable(change: WorkspaceChange, apply: () => void): Promise<void> {
    const current = epoch;
    await options.save(change);
    if (current !== epoch) return;
    apply();
    version++;
  }
  async function build(): Promise<WorkspaceCollections> {
    const { Collection } = await import('@msw/data');
    for (;;) {
      const seen = version;
      const built = { workspaces: new Collection({ schema: WorkspaceRecordSchema }), members: new Collection({ schema: WorkspaceMemberRecordSchema }) };
      for (const record of [...byId.values()].sort(bySeq)) await built.workspaces.create(record);
      for (const of of members.values()) for (const record of of.values()) await built.members.create(record);
      if (seen === version) return (collections = built);
    }
  }
  const sync = {
    async workspace(record: WorkspaceRecord, existed: boolean) {
      if (!collections) return;
      if (existed) await collections.workspaces.update((q) => q.where({ id: record.id }), { data: (draft) => void Object.assign(draft, record) });
      else await collections.workspaces.create(record);
    },
  };
  restore(options.restore);
  return {
    ready: () => (loading ??= build()),
    bounds,
    get: (idOrSlug) => byId.get(idOrSlug) ?? bySlug.get(idOrSlug),
    count: () => byId.size,
    async putWorkspace(record) {
      const existed = byId.has(record.id);
      await durable({ kind: 'put', collection: 'workspaces', id: record.id, record }, () => rememberWorkspace(record));
      await sync.workspace(record, existed);
    },
    async deleteWorkspace(record) {
      // Its members and budgets go first, so the state file keeps nothing of it (reference deleteWorkspace).
      for (const member of members.get(record.id)?.values() ?? []) await options.save({ kind: 'delete', collection: 'workspace-members', id: memberKey(record.id, member.user_id) });
      for (const budget of budgets.get(record.id)?.values() ?? []) await options.save({ kind: 'delete', collection: 'workspace-budgets', id: budgetKey(record.id, budget.interval) });
      await durable({ kind: 'delete', collection: 'workspaces', id: record.id }, () => {
        byId.delete(record.id);
        bySlug.delete(record.slug);
        members.delete(record.id);
        budgets.delete(record.id);
        budgetStates.delete(record.id);
      });
      collections?.workspaces.delete((q) => q.where({ id: record.id }));
      collections?.members.deleteMany((q) => q.where({ workspace_id: record.id }));
    },
    members(workspaceId) {
      const explicit = [...(members.get(workspaceId)?.values() ?? [])].sort(bySeq);
      if (workspaceId !== DEFAULT_WORKSPACE_ID || members.get(workspaceId)?.has(ACCOUNT_USER_ID)) return explicit;
      // reference listWorkspaceMembers: the default workspace has every organization member implicitly.
      const owner: WorkspaceMemberRecord = {
        id: seededUuid(options.seed, `member:${memberKey(workspaceId, ACCOUNT_USER_ID)}`),
        workspace_id: workspaceId,
        user_id: ACCOUNT_USER_ID,
        role: 'admin',
        created_at: isoSeconds(startedAt),
        seq: 0,
      };
      return [owner, ...explicit];
    },
    member: (workspaceId, userId) => members.get(workspaceId)?.get(userId),
    async putMember(record) {
      const existed = members.get(record.workspace_id)?.has(record.user_id) ?? false;
      await durable({ kind: 'put', collection: 'workspace-members', id: memberKey(record.workspace_id, record.user_id), record }, () => rememberMember(record));
      if (collections && !existed) await collections.members.create(record);
    },
    async deleteMember(record) {
      await durable({ kind: 'delete', collection: 'workspace-members', id: memberKey(record.workspace_id, record.user_id) }, () => {
        members.get(record.workspace_id)?.delete(record.user_id);
      });
      collections?.members.delete((q) => q.where({ id: record.id }));
    },
    budgets: (workspaceId) => [...(budgets.get(workspaceId)?.values() ?? [])].sort(bySeq),
    async putBudget(record) {
      await durable({ kind: 'put', collection: 'workspace-budgets', id: budgetKey(record.workspace_id, record.interval), record }, () => rememberBudget(record));
    },
    async deleteBudget(record) {
      await durable({ kind: 'delete', collection: 'workspace-budgets', id: budgetKey(record.workspace_id, record.interval) }, () => {
        budgets.get(record.workspace_id)?.delete(record.interval);
        refreshBudget(record.workspace_id);
      });
    },
    budgetState: (workspaceId) => budgetStates.get(workspaceId),
    newId(kind) {
      const n = options.nextSeq();
      return { id: seededUuid(options.seed, `${kind}:${n}`), seq: n };
    },
    records: () => ({
      workspaces: [...byId.values()].sort(bySeq),
      members: [...members.values()].flatMap((of) => [...of.values()]).sort(bySeq),
      budgets: [...budgets.values()].flatMap((of) => [...of.values()]).sort(bySeq),
    }),
    snapshot() {
      const all = this.records();
      // The default workspace as the gateway makes it is not state: only a changed one is kept.
      return { ...all, workspaces: all.workspaces.filter((r) => r.id !== DEFAULT_WORKSPACE_ID || r.updated_at !== null) };
    },
    reset() {
      epoch++;
      version++;
      byId.clear();
      bySlug.clear();
      members.clear();
      budgets.clear();
      budgetStates.clear();
      collections = undefined;
      loading = undefined;
      restore(undefined);
    },
  };
}

/** The 404 of an unknown workspace (reference getWorkspace and every `/workspaces/{id}` operation). */
export function workspaceOf(store: WorkspaceStore, idOrSlug: string | undefined): WorkspaceRecord {
  const record = store.get(idOrSlug ?? '');
  if (!record) throw new GatewayError(404, `No workspace with id or slug ${JSON.stringify(idOrSlug ?? '')} (deleted, never created, or forgotten by a control reset)`);
  return record;
}
