import type { Collection } from '@msw/data';
import type { ApiKey } from '../auth/api-key.ts';
import { createKeyRing, type KeyRing } from '../auth/key-ring.ts';
import type { Clock } from '../clock/clock.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { fileKeyRecord, keyRingEntry } from './key-entry.ts';
import type { ManagementChange, ManagementPersistence, ManagementSnapshot } from './management-change.ts';
import { ManagedKeyRecordSchema, type ManagedKeyRecord } from './managed-key-record.ts';
import { OAuthCodeRecordSchema, type OAuthCodeRecord } from './oauth-code-record.ts';
import { sha256Hex } from './secret-material.ts';
import { createByokStore, type ByokStore } from './byok-store.ts';
import { createDestinationStore, type DestinationBounds, type DestinationStore } from './destination-store.ts';
import { createWorkspaceStore, type WorkspaceBounds, type WorkspaceStore } from './workspace-store.ts';

/** How much the management plane keeps (hostile input: every collection is bounded). */
export interface ManagementBounds {
  /** Keys at most, keys-file keys included (default 10,000): past it, POST /keys is a 400. */
  maxKeys: number;
  /** Authorization codes waiting for their exchange (default 1,000): expired codes make room first, then 409. */
  maxCodes: number;
}

export const DEFAULT_MANAGEMENT_BOUNDS: ManagementBounds = { maxKeys: 10_000, maxCodes: 1_000 };

/** The queried, filtered and paged views of the management plane (@msw/data collections). */
export interface ManagementCollections {
  readonly keys: Collection<typeof ManagedKeyRecordSchema>;
  readonly codes: Collection<typeof OAuthCodeRecordSchema>;
}

export interface ManagementStoreOptions {
  /** The keys of the keys file (or the demo keys): listed, and back after a control reset. */
  fileKeys: readonly ApiKey[];
  clock: Clock;
  restore?: ManagementSnapshot;
  persistence?: ManagementPersistence;
  bounds?: Partial<ManagementBounds & WorkspaceBounds & DestinationBounds>;
  /** The gateway's seed (ids of workspaces, members and budgets). */
  seed?: number;
}

/**
 * The management plane's state of one gateway: records in Maps by id (the truth, and the point
 * lookups), the key ring the request path authenticates with in O(1), and @msw/data collections
 * kept beside them for the listings' queries and paging. The collections are built on the first
 * management request (`ready()`), so a gateway that only answers inference never loads @msw/data.
 * Every change is made durable first (when a state file is given) and applied after, so an
 * answered change is never lost.
 */
export interface ManagementStore {
  /** The collections, once the keys-file keys are hashed (SHA-256, asynchronous) and every record is in them. */
  ready(): Promise<ManagementCollections>;
  readonly ring: KeyRing;
  readonly bounds: ManagementBounds;
  /** Workspaces, their members and budgets (workspace-store.ts). */
  readonly workspaces: WorkspaceStore;
  /** BYOK provider credentials (byok-store.ts). */
  readonly byok: ByokStore;
  /** Observability destinations and their deliveries (destination-store.ts). */
  readonly destinations: DestinationStore;
  key(hash: string): ManagedKeyRecord | undefined;
  /** The record of a key by its secret (O(1); keys-file keys once `ready()` hashed them). */
  keyBySecret(secret: string): ManagedKeyRecord | undefined;
  code(id: string): OAuthCodeRecord | undefined;
  /** The next creation number (secrets and ids derive from it). */
  nextSeq(): number;
  /** Save and apply a new or changed key (its ring entry follows). */
  putKey(record: ManagedKeyRecord): Promise<void>;
  deleteKey(record: ManagedKeyRecord): Promise<void>;
  putCode(record: OAuthCodeRecord): Promise<void>;
  /** Forget a code now (single use: before any await of the exchange); `saved` resolves once that is durable. */
  takeCode(id: string): { record: OAuthCodeRecord; saved: Promise<void> } | undefined;
  counts(): { keys: number; codes: number };
  /** Every key and code, in creation order (the inspector's view; call after `ready()` for keys-file keys). */
  records(): { keys: ManagedKeyRecord[]; codes: OAuthCodeRecord[] };
  snapshot(): ManagementSnapshot;
  /** Control reset: keys created through the API and codes forgotten, keys-file keys back as they were. */
  reset(): void;
}

const bySeq = (a: { seq: number }, b: { seq: number }) => a.seq - b.seq;

/**
 * @example
 * const store = createManagementStore({ fileKeys: DEFAULT_API_KEYS, clock });
 * store.ring.find('sk-gw-test')?.apiKey.kind; // 'standard'
 * const { keys } = await store.ready();
 */
/** The keys and codes of one store: the Maps that are the truth, and what changes them. */
interface KeyState {
  readonly ring: KeyRing;
  readonly byHash: Map<string, ManagedKeyRecord>;
  readonly bySecret: Map<string, ManagedKeyRecord>;
  readonly byCode: Map<string, OAuthCodeRecord>;
  readonly fileKeys: Map<string, ApiKey>;
  readonly fileHashes: Map<string, string>;
  readonly removedFileKeys: Set<string>;
  /** A change that started before a control reset is dropped when it lands after it. */
  epoch: number;
  /** Bumped by every change: a collection build that saw another change under way starts again. */
  version: number;
  collections: ManagementCollections | undefined;
  loading: Promise<ManagementCollections> | undefined;
  seq: number;
}

function remember(st: KeyState, record: ManagedKeyRecord): void {
  st.byHash.set(record.hash, record);
  st.bySecret.set(record.secret, record);
  st.version++;
}

/** The keys, codes and removed keys-file keys of a snapshot, with every keys-file key on the ring. */
function restoreKeys(st: KeyState, fileKeyList: readonly ApiKey[], snapshot: ManagementSnapshot | undefined): void {
  for (const secret of snapshot?.removedFileKeys ?? []) if (st.fileKeys.has(secret)) st.removedFileKeys.add(secret);
  for (const record of snapshot?.keys ?? []) {
    // A restored keys-file key that is no longer in the keys file is gone with it.
    if (record.source === 'file' && (!st.fileKeys.has(record.secret) || st.removedFileKeys.has(record.secret))) continue;
    remember(st, record);
    st.ring.set(keyRingEntry(record, st.fileKeys.get(record.secret)));
  }
  for (const apiKey of fileKeyList) if (!st.removedFileKeys.has(apiKey.key) && !st.bySecret.has(apiKey.key)) st.ring.set({ apiKey });
  for (const code of snapshot?.codes ?? []) st.byCode.set(code.id, code);
}

/** The collections, once the keys-file keys are hashed and have their records (loaded on the first management request). */
async function buildCollections(st: KeyState, fileKeyList: readonly ApiKey[], startedAt: number): Promise<ManagementCollections> {
  for (const apiKey of fileKeyList) if (!st.fileHashes.has(apiKey.key)) st.fileHashes.set(apiKey.key, await sha256Hex(apiKey.key));
  // Keys-file keys not changed, deleted or listed yet get their records (their hashes known).
  fileKeyList.forEach((apiKey, i) => {
    const hash = st.fileHashes.get(apiKey.key);
    if (hash && !st.removedFileKeys.has(apiKey.key) && !st.bySecret.has(apiKey.key)) remember(st, fileKeyRecord(apiKey, hash, i, startedAt));
  });
  const { Collection } = await import('@msw/data');
  for (;;) {
    const seen = st.version;
    const built = { keys: new Collection({ schema: ManagedKeyRecordSchema }), codes: new Collection({ schema: OAuthCodeRecordSchema }) };
    for (const record of [...st.byHash.values()].sort(bySeq)) await built.keys.create(record);
    for (const code of [...st.byCode.values()].sort(bySeq)) await built.codes.create(code);
    if (seen === st.version) return (st.collections = built);
  }
}

/** The changes of keys and codes: each made durable first (`saveOrRefuse`), then applied unless a reset came between. */
function keyChanges(st: KeyState, save: (change: ManagementChange) => Promise<void>, saveOrRefuse: (change: ManagementChange) => Promise<void>) {
  return {
    async putKey(record: ManagedKeyRecord): Promise<void> {
      const current = st.epoch;
      await saveOrRefuse({ kind: 'put', collection: 'keys', id: record.hash, record, seq: st.seq });
      if (current !== st.epoch) return;
      const earlier = st.byHash.get(record.hash);
      remember(st, record);
      st.ring.set(keyRingEntry(record, st.fileKeys.get(record.secret)));
      if (!st.collections) return;
      if (earlier) await st.collections.keys.update((q) => q.where({ hash: record.hash }), { data: (draft) => void Object.assign(draft, record) });
      else await st.collections.keys.create(record);
    },
    async deleteKey(record: ManagedKeyRecord): Promise<void> {
      const current = st.epoch;
      const fromFile = record.source === 'file';
      if (fromFile) await saveOrRefuse({ kind: 'put', collection: 'removed-file-keys', id: record.hash, record: { secret: record.secret }, seq: st.seq });
      await saveOrRefuse({ kind: 'delete', collection: 'keys', id: record.hash, seq: st.seq });
      if (current !== st.epoch) return;
      if (fromFile) st.removedFileKeys.add(record.secret);
      st.byHash.delete(record.hash);
      st.bySecret.delete(record.secret);
      st.version++;
      st.ring.delete(record.secret);
      st.collections?.keys.delete((q) => q.where({ hash: record.hash }));
    },
    async putCode(record: OAuthCodeRecord): Promise<void> {
      const current = st.epoch;
      await saveOrRefuse({ kind: 'put', collection: 'codes', id: record.id, record, seq: st.seq });
      if (current !== st.epoch) return;
      st.byCode.set(record.id, record);
      st.version++;
      if (st.collections) await st.collections.codes.create(record);
    },
    takeCode(id: string) {
      const record = st.byCode.get(id);
      if (!record) return undefined;
      st.byCode.delete(id);
      st.version++;
      st.collections?.codes.delete((q) => q.where({ id }));
      return { record, saved: save({ kind: 'delete', collection: 'codes', id, seq: st.seq }) };
    },
  };
}

export function createManagementStore(options: ManagementStoreOptions): ManagementStore {
  const bounds: ManagementBounds = { ...DEFAULT_MANAGEMENT_BOUNDS, ...options.bounds };
  const st: KeyState = {
    ring: createKeyRing(),
    byHash: new Map(),
    bySecret: new Map(),
    byCode: new Map(),
    fileKeys: new Map(options.fileKeys.map((k) => [k.key, k])),
    fileHashes: new Map(),
    removedFileKeys: new Set(),
    epoch: 0,
    version: 0,
    collections: undefined,
    loading: undefined,
    seq: Math.max(options.fileKeys.length, options.restore?.seq ?? 0),
  };
  const startedAt = options.clock.now();
  const save = (change: ManagementChange) => options.persistence?.saveManagement(change) ?? Promise.resolve();
  const saveOrRefuse = async (change: ManagementChange) => {
    try {
      await save(change);
    } catch (error) {
      throw new GatewayError(503, `The change could not be saved to the state file (${(error as Error).message}); nothing was changed`);
    }
  };
  const { byHash, bySecret, byCode, removedFileKeys, ring } = st;
  restoreKeys(st, options.fileKeys, options.restore);
  const workspaces = createWorkspaceStore({
    ...options,
    seed: options.seed ?? 0,
    nextSeq: () => st.seq++,
    restore: options.restore?.workspaces,
    save: (c) => saveOrRefuse({ ...c, seq: st.seq }),
  });
  const byok = createByokStore({ restore: options.restore?.byok, save: (c) => saveOrRefuse({ ...c, seq: st.seq }) });
  const destinations = createDestinationStore({
    restore: options.restore?.destinations,
    save: (c) => saveOrRefuse({ ...c, seq: st.seq }),
    bounds: options.bounds,
  });
  return {
    workspaces,
    byok,
    destinations,
    ready: () => (st.loading ??= buildCollections(st, options.fileKeys, startedAt)),
    ring,
    bounds,
    key: (hash) => byHash.get(hash),
    keyBySecret: (secret) => bySecret.get(secret),
    code: (id) => byCode.get(id),
    nextSeq: () => st.seq++,
    ...keyChanges(st, save, saveOrRefuse),
    counts: () => ({ keys: Math.max(byHash.size, ring.size), codes: byCode.size }),
    records: () => ({ keys: [...byHash.values()].sort(bySeq), codes: [...byCode.values()].sort(bySeq) }),
    snapshot: () => ({
      seq: st.seq,
      // Keys-file keys as the file has them are not state: only the changed ones are kept.
      keys: [...byHash.values()].filter((r) => r.source !== 'file' || r.updated_at !== null).sort(bySeq),
      codes: [...byCode.values()].sort(bySeq),
      removedFileKeys: [...removedFileKeys],
      workspaces: workspaces.snapshot(),
      byok: byok.records(),
      destinations: destinations.records(),
    }),
    reset() {
      st.epoch++;
      byHash.clear();
      bySecret.clear();
      byCode.clear();
      removedFileKeys.clear();
      ring.clear();
      st.collections = undefined;
      st.loading = undefined;
      st.version++;
      st.seq = options.fileKeys.length;
      restoreKeys(st, options.fileKeys, undefined);
      workspaces.reset();
      byok.reset();
      destinations.reset();
      void save({ kind: 'reset', seq: st.seq }).catch(() => undefined);
    },
  };
}
