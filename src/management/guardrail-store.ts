import { saveOrRefuse } from './save-or-refuse.ts';
import type { Collection } from '@msw/data';
import { createAssignmentIndex } from './assignment-index.ts';
import type { ManagementChange, ManagementPersistence } from './management-change.ts';
import {
  GuardrailRecordSchema,
  KeyAssignmentRecordSchema,
  MemberAssignmentRecordSchema,
  type GuardrailRecord,
  type GuardrailSnapshot,
  type KeyAssignmentRecord,
  type MemberAssignmentRecord,
} from './guardrail-record.ts';

/** How many guardrails and assignments a gateway keeps (hostile input: every collection is bounded). */
export interface GuardrailBounds {
  /** Guardrails at most (default 1,000): past it, POST /guardrails is a 400. */
  maxGuardrails: number;
  /** Key and member assignments at most, each (default 10,000): past it, an assignment is a 400. */
  maxAssignments: number;
}

export const DEFAULT_GUARDRAIL_BOUNDS: GuardrailBounds = { maxGuardrails: 1_000, maxAssignments: 10_000 };

/** The listings' @msw/data collections. */
export interface GuardrailCollections {
  readonly guardrails: Collection<typeof GuardrailRecordSchema>;
  readonly keyAssignments: Collection<typeof KeyAssignmentRecordSchema>;
  readonly memberAssignments: Collection<typeof MemberAssignmentRecordSchema>;
}

/**
 * The guardrails of one gateway and their assignments: records in Maps by id (the truth), the
 * request path's indexes (guardrails by key hash, by member id: O(1) lookups), and @msw/data
 * collections beside them for the listings, built on the first listing. Every change is saved
 * first (state file) and applied after: an answered change is never lost.
 */
export interface GuardrailStore {
  ready(): Promise<GuardrailCollections>;
  readonly bounds: GuardrailBounds;
  guardrail(id: string): GuardrailRecord | undefined;
  putGuardrail(record: GuardrailRecord): Promise<void>;
  /** Delete a guardrail and every assignment of it. */
  deleteGuardrail(id: string): Promise<void>;
  keyAssignment(guardrailId: string, keyHash: string): KeyAssignmentRecord | undefined;
  memberAssignment(guardrailId: string, userId: string): MemberAssignmentRecord | undefined;
  putKeyAssignment(record: KeyAssignmentRecord): Promise<void>;
  putMemberAssignment(record: MemberAssignmentRecord): Promise<void>;
  deleteKeyAssignment(record: KeyAssignmentRecord): Promise<void>;
  deleteMemberAssignment(record: MemberAssignmentRecord): Promise<void>;
  /** The guardrails that apply to a key: assigned to it, or to the member who created it (O(1) Map lookups). */
  applying(keyHash: string, userId: string | null): GuardrailRecord[];
  /** The hashes of the keys a guardrail is assigned to directly. */
  assignedKeys(guardrailId: string): string[];
  counts(): { guardrails: number; keyAssignments: number; memberAssignments: number };
  snapshot(): GuardrailSnapshot;
  reset(): void;
}

export interface GuardrailStoreOptions {
  restore?: Partial<GuardrailSnapshot>;
  persistence?: ManagementPersistence;
  bounds?: Partial<GuardrailBounds>;
}

const bySeq = (a: { seq: number }, b: { seq: number }) => a.seq - b.seq;

/** The listings' collections from the records; built again when a change came in while building. */
async function buildCollections(
  version: () => number,
  records: () => { guardrails: GuardrailRecord[]; keys: KeyAssignmentRecord[]; members: MemberAssignmentRecord[] },
): Promise<GuardrailCollections> {
  const { Collection } = await import('@msw/data');
  for (;;) {
    const seen = version();
    const built: GuardrailCollections = {
      guardrails: new Collection({ schema: GuardrailRecordSchema }),
      keyAssignments: new Collection({ schema: KeyAssignmentRecordSchema }),
      memberAssignments: new Collection({ schema: MemberAssignmentRecordSchema }),
    };
    const now = records();
    for (const g of now.guardrails) await built.guardrails.create(g);
    for (const a of now.keys) await built.keyAssignments.create(a);
    for (const a of now.members) await built.memberAssignments.create(a);
    if (seen === version()) return built;
  }
}

/**
 * @example
 * const store = createGuardrailStore({});
 * store.applying(keyHash, userId); // [] until a guardrail is assigned
 */
export function createGuardrailStore(options: GuardrailStoreOptions): GuardrailStore {
  const bounds: GuardrailBounds = { ...DEFAULT_GUARDRAIL_BOUNDS, ...options.bounds };
  const guardrails = new Map<string, GuardrailRecord>();
  const keys = createAssignmentIndex<KeyAssignmentRecord>((a) => a.key_hash);
  const members = createAssignmentIndex<MemberAssignmentRecord>((a) => a.user_id);
  let epoch = 0;
  // Bumped by every change: a collection build that saw another change under way starts again.
  let version = 0;
  let collections: GuardrailCollections | undefined;
  let loading: Promise<GuardrailCollections> | undefined;

  /** Save, then apply unless a control reset came in between. */
  const saved = async (change: ManagementChange, apply: () => unknown) => {
    const current = epoch;
    await saveOrRefuse(options.persistence, change);
    if (current !== epoch) return;
    version++;
    await apply();
  };
  for (const g of options.restore?.guardrails ?? []) guardrails.set(g.id, g);
  for (const a of options.restore?.keyAssignments ?? []) if (guardrails.has(a.guardrail_id)) keys.put(a);
  for (const a of options.restore?.memberAssignments ?? []) if (guardrails.has(a.guardrail_id)) members.put(a);

  const build = async () =>
    (collections = await buildCollections(
      () => version,
      () => ({ guardrails: [...guardrails.values()].sort(bySeq), keys: keys.all(), members: members.all() }),
    ));

  async function deleteGuardrail(id: string): Promise<void> {
    // The assignments go first: a crash between the lines leaves no assignment of a missing guardrail.
    for (const a of keys.ofGuardrail(id)) await deleteKeyAssignment(a);
    for (const a of members.ofGuardrail(id)) await deleteMemberAssignment(a);
    await saved({ kind: 'delete', collection: 'guardrails', id, seq: 0 }, () => {
      guardrails.delete(id);
      collections?.guardrails.delete((q) => q.where({ id }));
    });
  }

  const deleteKeyAssignment = (a: KeyAssignmentRecord) =>
    saved(
      { kind: 'delete', collection: 'guardrail-key-assignments', id: a.id, seq: 0 },
      () => (keys.drop(a), collections?.keyAssignments.delete((q) => q.where({ id: a.id }))),
    );
  const deleteMemberAssignment = (a: MemberAssignmentRecord) =>
    saved(
      { kind: 'delete', collection: 'guardrail-member-assignments', id: a.id, seq: 0 },
      () => (members.drop(a), collections?.memberAssignments.delete((q) => q.where({ id: a.id }))),
    );

  return {
    ready: () => (loading ??= build()),
    bounds,
    guardrail: (id) => guardrails.get(id),
    async putGuardrail(record) {
      await saved({ kind: 'put', collection: 'guardrails', id: record.id, record, seq: record.seq + 1 }, () => {
        const earlier = guardrails.has(record.id);
        guardrails.set(record.id, record);
        if (!collections) return undefined;
        if (earlier) return collections.guardrails.update((q) => q.where({ id: record.id }), { data: (draft) => void Object.assign(draft, record) });
        return collections.guardrails.create(record);
      });
    },
    deleteGuardrail,
    keyAssignment: (g, hash) => keys.get(g, hash),
    memberAssignment: (g, user) => members.get(g, user),
    async putKeyAssignment(record) {
      await saved({ kind: 'put', collection: 'guardrail-key-assignments', id: record.id, record, seq: record.seq + 1 }, () => {
        keys.put(record);
        return collections?.keyAssignments.create(record);
      });
    },
    async putMemberAssignment(record) {
      await saved({ kind: 'put', collection: 'guardrail-member-assignments', id: record.id, record, seq: record.seq + 1 }, () => {
        members.put(record);
        return collections?.memberAssignments.create(record);
      });
    },
    deleteKeyAssignment,
    deleteMemberAssignment,
    applying(keyHash, userId) {
      const direct = keys.guardrailsOf(keyHash);
      const viaMember = userId === null ? undefined : members.guardrailsOf(userId);
      if (!direct && !viaMember) return [];
      const ids = new Set([...(direct ?? []), ...(viaMember ?? [])]);
      return [...ids].map((id) => guardrails.get(id)).filter((g): g is GuardrailRecord => g !== undefined);
    },
    assignedKeys: (id) => keys.ofGuardrail(id).map((a) => a.key_hash),
    counts: () => ({ guardrails: guardrails.size, keyAssignments: keys.size, memberAssignments: members.size }),
    snapshot: () => ({ guardrails: [...guardrails.values()].sort(bySeq), keyAssignments: keys.all(), memberAssignments: members.all() }),
    reset() {
      epoch++;
      guardrails.clear();
      keys.clear();
      members.clear();
      collections = loading = undefined;
    },
  };
}
