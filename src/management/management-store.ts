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
  bounds?: Partial<ManagementBounds & WorkspaceBounds>;
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
export function createManagementStore(options: ManagementStoreOptions): ManagementStore {
  const bounds: ManagementBounds = { ...DEFAULT_MANAGEMENT_BOUNDS, ...options.bounds };
  const ring = createKeyRing();
  const byHash = new Map<string, ManagedKeyRecord>();
  const bySecret = new Map<string, ManagedKeyRecord>();
  const byCode = new Map<string, OAuthCodeRecord>();
  const fileKeys = new Map(options.fileKeys.map((k) => [k.key, k]));
  const fileHashes = new Map<string, string>();
  const removedFileKeys = new Set<string>();
  const startedAt = options.clock.now();
  let seq = Math.max(options.fileKeys.length, options.restore?.seq ?? 0);
  // A change that started before a control reset is dropped when it lands after it.
  let epoch = 0;
  // Bumped by every change: a collection build that saw another change under way starts again.
  let version = 0;
  let collections: ManagementCollections | undefined;
  let loading: Promise<ManagementCollections> | undefined;

  const save = (change: ManagementChange) => options.persistence?.saveManagement(change) ?? Promise.resolve();
  const saveOrRefuse = async (change: ManagementChange) => {
    try {
      await save(change);
    } catch (error) {
      throw new GatewayError(503, `The change could not be saved to the state file (${(error as Error).message}); nothing was changed`);
    }
  };
  const remember = (record: ManagedKeyRecord) => {
    byHash.set(record.hash, record);
    bySecret.set(record.secret, record);
    version++;
  };

  /** Keys-file keys not changed, deleted or listed yet get their records (their hashes known). */
  function seedFileRecords(): void {
    options.fileKeys.forEach((apiKey, i) => {
      const hash = fileHashes.get(apiKey.key);
      if (hash && !removedFileKeys.has(apiKey.key) && !bySecret.has(apiKey.key)) remember(fileKeyRecord(apiKey, hash, i, startedAt));
    });
  }

  function restore(snapshot: ManagementSnapshot | undefined): void {
    for (const secret of snapshot?.removedFileKeys ?? []) if (fileKeys.has(secret)) removedFileKeys.add(secret);
    for (const record of snapshot?.keys ?? []) {
      // A restored keys-file key that is no longer in the keys file is gone with it.
      if (record.source === 'file' && (!fileKeys.has(record.secret) || removedFileKeys.has(record.secret))) continue;
      remember(record);
      ring.set(keyRingEntry(record, fileKeys.get(record.secret)));
    }
    for (const apiKey of options.fileKeys) if (!removedFileKeys.has(apiKey.key) && !bySecret.has(apiKey.key)) ring.set({ apiKey });
    for (const code of snapshot?.codes ?? []) byCode.set(code.id, code);
  }

  async function build(): Promise<ManagementCollections> {
    for (const apiKey of options.fileKeys) if (!fileHashes.has(apiKey.key)) fileHashes.set(apiKey.key, await sha256Hex(apiKey.key));
    seedFileRecords();
    const { Collection } = await import('@msw/data');
    for (;;) {
      const seen = version;
      const built = { keys: new Collection({ schema: ManagedKeyRecordSchema }), codes: new Collection({ schema: OAuthCodeRecordSchema }) };
      for (const record of [...byHash.values()].sort(bySeq)) await built.keys.create(record);
      for (const code of [...byCode.values()].sort(bySeq)) await built.codes.create(code);
      if (seen === version) return (collections = built);
    }
  }

  async function putKey(record: ManagedKeyRecord): Promise<void> {
    const current = epoch;
    await saveOrRefuse({ kind: 'put', collection: 'keys', id: record.hash, record, seq });
    if (current !== epoch) return;
    const earlier = byHash.get(record.hash);
    remember(record);
    ring.set(keyRingEntry(record, fileKeys.get(record.secret)));
    if (!collections) return;
    if (earlier) await collections.keys.update((q) => q.where({ hash: record.hash }), { data: (draft) => void Object.assign(draft, record) });
    else await collections.keys.create(record);
  }

  async function deleteKey(record: ManagedKeyRecord): Promise<void> {
    const current = epoch;
    const fromFile = record.source === 'file';
    if (fromFile) await saveOrRefuse({ kind: 'put', collection: 'removed-file-keys', id: record.hash, record: { secret: record.secret }, seq });
    await saveOrRefuse({ kind: 'delete', collection: 'keys', id: record.hash, seq });
    if (current !== epoch) return;
    if (fromFile) removedFileKeys.add(record.secret);
    byHash.delete(record.hash);
    bySecret.delete(record.secret);
    version++;
    ring.delete(record.secret);
    collections?.keys.delete((q) => q.where({ hash: record.hash }));
  }

  async function putCode(record: OAuthCodeRecord): Promise<void> {
    const current = epoch;
    await saveOrRefuse({ kind: 'put', collection: 'codes', id: record.id, record, seq });
    if (current !== epoch) return;
    byCode.set(record.id, record);
    version++;
    if (collections) await collections.codes.create(record);
  }

  function takeCode(id: string) {
    const record = byCode.get(id);
    if (!record) return undefined;
    byCode.delete(id);
    version++;
    collections?.codes.delete((q) => q.where({ id }));
    return { record, saved: save({ kind: 'delete', collection: 'codes', id, seq }) };
  }

  restore(options.restore);
  const workspaces = createWorkspaceStore({
    ...options,
    seed: options.seed ?? 0,
    nextSeq: () => seq++,
    restore: options.restore?.workspaces,
    save: (c) => saveOrRefuse({ ...c, seq }),
  });
  const byok = createByokStore({ restore: options.restore?.byok, save: (c) => saveOrRefuse({ ...c, seq }) });
  return {
    workspaces,
    byok,
    ready: () => (loading ??= build()),
    ring,
    bounds,
    key: (hash) => byHash.get(hash),
    keyBySecret: (secret) => bySecret.get(secret),
    code: (id) => byCode.get(id),
    nextSeq: () => seq++,
    putKey,
    deleteKey,
    putCode,
    takeCode,
    counts: () => ({ keys: Math.max(byHash.size, ring.size), codes: byCode.size }),
    records: () => ({ keys: [...byHash.values()].sort(bySeq), codes: [...byCode.values()].sort(bySeq) }),
    snapshot: () => ({
      seq,
      // Keys-file keys as the file has them are not state: only the changed ones are kept.
      keys: [...byHash.values()].filter((r) => r.source !== 'file' || r.updated_at !== null).sort(bySeq),
      codes: [...byCode.values()].sort(bySeq),
      removedFileKeys: [...removedFileKeys],
      workspaces: workspaces.snapshot(),
      byok: byok.records(),
    }),
    reset() {
      epoch++;
      byHash.clear();
      bySecret.clear();
      byCode.clear();
      removedFileKeys.clear();
      ring.clear();
      collections = undefined;
      loading = undefined;
      version++;
      seq = options.fileKeys.length;
      restore(undefined);
      workspaces.reset();
      byok.reset();
      void save({ kind: 'reset', seq }).catch(() => undefined);
    },
  };
}
