import type { Collection } from '@msw/data';
import type { Clock } from '../clock/clock.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import type { ManagementChange } from './management-change.ts';
import { seededUuid } from './seeded-uuid.ts';
import type { WorkspaceBudgetState } from './workspace-budget-state.ts';
import { createWorkspaceIndex } from './workspace-index.ts';
import {
  budgetKey,
  memberKey,
  WorkspaceRecordSchema,
  type WorkspaceBudgetRecord,
  type WorkspaceMemberRecord,
  type WorkspaceRecord,
  type WorkspacesSnapshot,
} from './workspace-record.ts';

export type { WorkspacesSnapshot };
export { defaultWorkspace } from './workspace-index.ts';

/** How much the workspaces keep (hostile input: every collection is bounded). */
export interface WorkspaceBounds {
  /** Workspaces at most, the default one included (default 1,000): past it, POST /workspaces is a 400. */
  maxWorkspaces: number;
  /** Members of one workspace at most (default 1,000): past it, members/add is a 400. */
  maxMembersPerWorkspace: number;
}
export const DEFAULT_WORKSPACE_BOUNDS: WorkspaceBounds = { maxWorkspaces: 1_000, maxMembersPerWorkspace: 1_000 };

/** A change as this store hands it over: the management store adds its counter. */
export type WorkspaceChange = ManagementChange extends infer C ? (C extends { kind: 'put' | 'delete' } ? Omit<C, 'seq'> : never) : never;

/** The paged listing of workspaces (reference listWorkspaces). */
export interface WorkspaceCollections {
  readonly workspaces: Collection<typeof WorkspaceRecordSchema>;
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
 * lookups by id and by slug; workspace-index.ts), their budgets as an O(1) state per workspace for
 * the request path (`budgetState`), and an @msw/data collection beside them for the paged listing,
 * built on the first listing. Every change is durable before it is applied.
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
  /** Ids for new records, from the seed and the management plane's counter. */
  newId(kind: 'workspace' | 'member' | 'budget'): { id: string; seq: number };
  records(): WorkspacesSnapshot;
  snapshot(): WorkspacesSnapshot;
  reset(): void;
}

/**
 * @example
 * const store = createWorkspaceStore({ clock, seed: 0, nextSeq: () => n++, save: async () => {} });
 * store.get('default')?.id; // DEFAULT_WORKSPACE_ID
 */
export function createWorkspaceStore(options: WorkspaceStoreOptions): WorkspaceStore {
  const bounds: WorkspaceBounds = { ...DEFAULT_WORKSPACE_BOUNDS, ...options.bounds };
  const index = createWorkspaceIndex(options.seed, options.clock.now());
  // A change that started before a control reset is dropped when it lands after it.
  let epoch = 0;
  // Bumped by every change: a collection build that saw another change under way starts again.
  let version = 0;
  let collection: WorkspaceCollections | undefined;
  let loading: Promise<WorkspaceCollections> | undefined;
  /** Saves first; applies only when no control reset came in between. */
  async function durable(change: WorkspaceChange, apply: () => void): Promise<boolean> {
    const current = epoch;
    await options.save(change);
    if (current !== epoch) return false;
    apply();
    version++;
    return true;
  }
  async function build(): Promise<WorkspaceCollections> {
    const { Collection } = await import('@msw/data');
    for (;;) {
      const seen = version;
      const built = { workspaces: new Collection({ schema: WorkspaceRecordSchema }) };
      for (const record of index.records().workspaces) await built.workspaces.create(record);
      if (seen === version) return (collection = built);
    }
  }
  index.restore(options.restore);
  return {
    ready: () => (loading ??= build()),
    bounds,
    get: index.get,
    count: index.count,
    async putWorkspace(record) {
      const existed = index.get(record.id)?.id === record.id;
      if (!(await durable({ kind: 'put', collection: 'workspaces', id: record.id, record }, () => index.putWorkspace(record)))) return;
      if (existed) await collection?.workspaces.update((q) => q.where({ id: record.id }), { data: (draft) => void Object.assign(draft, record) });
      else await collection?.workspaces.create(record);
    },
    async deleteWorkspace(record) {
      // Its members and budgets go first, so the state file keeps nothing of it (reference deleteWorkspace).
      for (const member of index.members(record.id))
        await options.save({ kind: 'delete', collection: 'workspace-members', id: memberKey(record.id, member.user_id) });
      for (const budget of index.budgets(record.id))
        await options.save({ kind: 'delete', collection: 'workspace-budgets', id: budgetKey(record.id, budget.interval) });
      if (await durable({ kind: 'delete', collection: 'workspaces', id: record.id }, () => index.deleteWorkspace(record))) {
        collection?.workspaces.delete((q) => q.where({ id: record.id }));
      }
    },
    members: index.members,
    member: index.member,
    putMember: async (record) =>
      void (await durable({ kind: 'put', collection: 'workspace-members', id: memberKey(record.workspace_id, record.user_id), record }, () =>
        index.putMember(record),
      )),
    deleteMember: async (record) =>
      void (await durable({ kind: 'delete', collection: 'workspace-members', id: memberKey(record.workspace_id, record.user_id) }, () =>
        index.deleteMember(record),
      )),
    budgets: index.budgets,
    putBudget: async (record) =>
      void (await durable({ kind: 'put', collection: 'workspace-budgets', id: budgetKey(record.workspace_id, record.interval), record }, () =>
        index.putBudget(record),
      )),
    deleteBudget: async (record) =>
      void (await durable({ kind: 'delete', collection: 'workspace-budgets', id: budgetKey(record.workspace_id, record.interval) }, () =>
        index.deleteBudget(record),
      )),
    budgetState: index.budgetState,
    newId(kind) {
      const seq = options.nextSeq();
      return { id: seededUuid(options.seed, `${kind}:${seq}`), seq };
    },
    records: index.records,
    snapshot() {
      const all = index.records();
      // The default workspace as the gateway makes it is not state: only a changed one is kept.
      return { ...all, workspaces: all.workspaces.filter((r) => r.seq !== 0 || r.updated_at !== null) };
    },
    reset() {
      epoch++;
      version++;
      collection = undefined;
      loading = undefined;
      index.restore(undefined);
    },
  };
}

/** The 404 of an unknown workspace (reference getWorkspace and every `/workspaces/{id}` operation). */
export function workspaceOf(store: WorkspaceStore, idOrSlug: string | undefined): WorkspaceRecord {
  const record = store.get(idOrSlug ?? '');
  if (!record)
    throw new GatewayError(404, `No workspace with id or slug ${JSON.stringify(idOrSlug ?? '')} (deleted, never created, or forgotten by a control reset)`);
  return record;
}
