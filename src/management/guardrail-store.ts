import type { Collection } from '@msw/data';
import { GatewayError } from '../errors/gateway-error.ts';
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

/** A Map of Maps: outer id -> inner id -> value (assignments by guardrail, and the reverse). */
function addTo<V>(index: Map<string, Map<string, V>>, outer: string, inner: string, value: V): void {
  let m = index.get(outer);
  if (!m) index.set(outer, (m = new Map()));
  m.set(inner, value);
}
function removeFrom<V>(index: Map<string, Map<string, V>>, outer: string, inner: string): void {
  const m = index.get(outer);
  if (!m) return;
  m.delete(inner);
  if (m.size === 0) index.delete(outer);
}

/**
 * @example
 * const store = createGuardrailStore({});
 * store.applying(keyHash, userId); // [] until a guardrail is assigned
 */
export function createGuardrailStore(options: GuardrailStoreOptions): GuardrailStore {
  const bounds: GuardrailBounds = { ...DEFAULT_GUARDRAIL_BOUNDS, ...options.bounds };
  const guardrails = new Map<string, GuardrailRecord>();
  // guardrail id -> key hash -> assignment, and key hash -> guardrail id -> assignment.
  const keysOf = new Map<string, Map<string, KeyAssignmentRecord>>();
  const byKey = new Map<string, Map<string, KeyAssignmentRecord>>();
  const membersOf = new Map<string, Map<string, MemberAssignmentRecord>>();
  const byMember = new Map<string, Map<string, MemberAssignmentRecord>>();
  let keyAssignments = 0;
  let memberAssignments = 0;
  let epoch = 0;
  // Bumped by every change: a collection build that saw another change under way starts again.
  let version = 0;
  let collections: GuardrailCollections | undefined;
  let loading: Promise<GuardrailCollections> | undefined;

  const save = async (change: ManagementChange) => {
    try {
      await (options.persistence?.saveManagement(change) ?? Promise.resolve());
    } catch (error) {
      throw new GatewayError(503, `The change could not be saved to the state file (${(error as Error).message}); nothing was changed`);
    }
  };
  /** Save, then apply unless a control reset came in between. */
  const saved = async (change: ManagementChange, apply: () => unknown) => {
    const current = epoch;
    await save(change);
    if (current !== epoch) return;
    version++;
    await apply();
  };
  const putKeyIndex = (r: KeyAssignmentRecord) => {
    if (!keysOf.get(r.guardrail_id)?.has(r.key_hash)) keyAssignments++;
    addTo(keysOf, r.guardrail_id, r.key_hash, r);
    addTo(byKey, r.key_hash, r.guardrail_id, r);
  };
  const dropKeyIndex = (r: KeyAssignmentRecord) => {
    if (keysOf.get(r.guardrail_id)?.has(r.key_hash)) keyAssignments--;
    removeFrom(keysOf, r.guardrail_id, r.key_hash);
    removeFrom(byKey, r.key_hash, r.guardrail_id);
  };
  const putMemberIndex = (r: MemberAssignmentRecord) => {
    if (!membersOf.get(r.guardrail_id)?.has(r.user_id)) memberAssignments++;
    addTo(membersOf, r.guardrail_id, r.user_id, r);
    addTo(byMember, r.user_id, r.guardrail_id, r);
  };
  const dropMemberIndex = (r: MemberAssignmentRecord) => {
    if (membersOf.get(r.guardrail_id)?.has(r.user_id)) memberAssignments--;
    removeFrom(membersOf, r.guardrail_id, r.user_id);
    removeFrom(byMember, r.user_id, r.guardrail_id);
  };

  function restore(snapshot: Partial<GuardrailSnapshot> | undefined): void {
    for (const g of snapshot?.guardrails ?? []) guardrails.set(g.id, g);
    for (const a of snapshot?.keyAssignments ?? []) if (guardrails.has(a.guardrail_id)) putKeyIndex(a);
    for (const a of snapshot?.memberAssignments ?? []) if (guardrails.has(a.guardrail_id)) putMemberIndex(a);
  }

  const allKeyAssignments = () => [...keysOf.values()].flatMap((m) => [...m.values()]).sort(bySeq);
  const allMemberAssignments = () => [...membersOf.values()].flatMap((m) => [...m.values()]).sort(bySeq);

  async function build(): Promise<GuardrailCollections> {
    const { Collection } = await import('@msw/data');
    for (;;) {
      const seen = version;
      const built: GuardrailCollections = {
        guardrails: new Collection({ schema: GuardrailRecordSchema }),
        keyAssignments: new Collection({ schema: KeyAssignmentRecordSchema }),
        memberAssignments: new Collection({ schema: MemberAssignmentRecordSchema }),
      };
      for (const g of [...guardrails.values()].sort(bySeq)) await built.guardrails.create(g);
      for (const a of allKeyAssignments()) await built.keyAssignments.create(a);
      for (const a of allMemberAssignments()) await built.memberAssignments.create(a);
      if (seen === version) return (collections = built);
    }
  }

  async function deleteGuardrail(id: string): Promise<void> {
    const keys = [...(keysOf.get(id)?.values() ?? [])];
    const members = [...(membersOf.get(id)?.values() ?? [])];
    // The assignments go first: a crash between the lines leaves no assignment of a missing guardrail.
    for (const a of keys) await deleteKeyAssignment(a);
    for (const a of members) await deleteMemberAssignment(a);
    await saved({ kind: 'delete', collection: 'guardrails', id, seq: 0 }, () => {
      guardrails.delete(id);
      collections?.guardrails.delete((q) => q.where({ id }));
    });
  }

  async function deleteKeyAssignment(a: KeyAssignmentRecord): Promise<void> {
    await saved({ kind: 'delete', collection: 'guardrail-key-assignments', id: a.id, seq: 0 }, () => {
      dropKeyIndex(a);
      collections?.keyAssignments.delete((q) => q.where({ id: a.id }));
    });
  }

  async function deleteMemberAssignment(a: MemberAssignmentRecord): Promise<void> {
    await saved({ kind: 'delete', collection: 'guardrail-member-assignments', id: a.id, seq: 0 }, () => {
      dropMemberIndex(a);
      collections?.memberAssignments.delete((q) => q.where({ id: a.id }));
    });
  }

  restore(options.restore);
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
    keyAssignment: (g, hash) => keysOf.get(g)?.get(hash),
    memberAssignment: (g, user) => membersOf.get(g)?.get(user),
    async putKeyAssignment(record) {
      await saved({ kind: 'put', collection: 'guardrail-key-assignments', id: record.id, record, seq: record.seq + 1 }, () => {
        putKeyIndex(record);
        return collections?.keyAssignments.create(record);
      });
    },
    async putMemberAssignment(record) {
      await saved({ kind: 'put', collection: 'guardrail-member-assignments', id: record.id, record, seq: record.seq + 1 }, () => {
        putMemberIndex(record);
        return collections?.memberAssignments.create(record);
      });
    },
    deleteKeyAssignment,
    deleteMemberAssignment,
    applying(keyHash, userId) {
      const direct = byKey.get(keyHash);
      const viaMember = userId === null ? undefined : byMember.get(userId);
      if (!direct && !viaMember) return [];
      const ids = new Set([...(direct?.keys() ?? []), ...(viaMember?.keys() ?? [])]);
      return [...ids].map((id) => guardrails.get(id)).filter((g): g is GuardrailRecord => g !== undefined);
    },
    assignedKeys: (id) => [...(keysOf.get(id)?.keys() ?? [])],
    counts: () => ({ guardrails: guardrails.size, keyAssignments, memberAssignments }),
    snapshot: () => ({ guardrails: [...guardrails.values()].sort(bySeq), keyAssignments: allKeyAssignments(), memberAssignments: allMemberAssignments() }),
    reset() {
      epoch++;
      guardrails.clear();
      keysOf.clear();
      byKey.clear();
      membersOf.clear();
      byMember.clear();
      keyAssignments = 0;
      memberAssignments = 0;
      collections = undefined;
      loading = undefined;
    },
  };
}
